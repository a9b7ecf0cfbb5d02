import type { ReactNode } from 'react';
import type { Message } from '../../../api/generated/model/message';
import type { MessageAttachment } from '../../../api/generated/model/messageAttachment';
import { formatBytes } from '../../../lib/format/bytes';

type MediaKind = 'image' | 'video' | 'audio' | 'sticker' | 'document';

/** What a file is called in the words a pending or expired one shows ("Photo is still downloading…"). */
const MEDIA_NOUNS: Record<MediaKind, string> = {
  image: 'photo',
  video: 'video',
  audio: 'audio message',
  sticker: 'sticker',
  document: 'document',
};

const isMedia = (kind: MessageAttachment['kind']): kind is MediaKind => kind in MEDIA_NOUNS;

/** Ids the server has: 1 to 2147483647. */
const MAX_ID = 2_147_483_647;
const ATTACHMENT_URL = /^\/api\/conversations\/([1-9]\d{0,9})\/messages\/([1-9]\d{0,9})\/attachment$/;

/**
 * The only URLs a file is loaded from: the server's own attachment route with
 * ids it can have (same origin, the session cookie goes with it). Anything else
 * the contract check refuses in development; in production it is not loaded,
 * and neither is an id no server has (the mock's generated data has such ids).
 */
function attachmentUrl(url: string | undefined): string | undefined {
  const ids = url === undefined ? null : ATTACHMENT_URL.exec(url);
  return ids && Number(ids[1]) <= MAX_ID && Number(ids[2]) <= MAX_ID ? url : undefined;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Six decimals (about 10 cm), without trailing zeros. */
const coordinate = (value: number) => value.toFixed(6).replace(/\.?0+$/, '');

/** OpenStreetMap at street level with a marker on the place. */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

interface MessageAttachmentViewProps {
  message: Message;
  attachment: MessageAttachment;
  /** How the customer is named ("Photo from Brian Otieno"). */
  customerName?: string;
  /** What shows when the attachment is not one shown as such: the message's plain line. */
  fallback: ReactNode;
}

/** The caption under a file: a text node, like every message's content. */
function Caption({ text }: { text?: string }) {
  const caption = text?.trim();
  return caption ? <p className="message-content">{caption}</p> : null;
}

/**
 * What a customer's WhatsApp message carried (beyond the spec): a photo inline,
 * opening full size; a document as a download link with its name and size; a
 * location as a link to a map; audio and video with the browser's controls; a
 * sticker as a small image; a file still downloading or no longer available in
 * words. Everything else (contacts, replies, unsupported, a file without its
 * URL) shows `fallback`, the message's plain line.
 */
export function MessageAttachmentView({ message, attachment, customerName, fallback }: MessageAttachmentViewProps) {
  const { kind } = attachment;

  if (kind === 'location') {
    const { latitude, longitude, name, address } = attachment;
    if (typeof latitude !== 'number' || typeof longitude !== 'number') return fallback;
    const title = name?.trim() || address?.trim() || 'Location';
    const detail = name?.trim() && address?.trim() ? address.trim() : undefined;
    return (
      <div className="message-attachment message-location">
        <a href={mapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer">
          <i className="pi pi-map-marker" aria-hidden="true" />
          <span>{title}</span>
          <span className="sr-only"> (map, opens in a new tab)</span>
        </a>
        {detail && <p className="message-attachment-detail">{detail}</p>}
      </div>
    );
  }

  if (!isMedia(kind)) return fallback;
  const filename = kind === 'document' ? attachment.filename?.trim() : undefined;

  if (attachment.state === 'pending' || attachment.state === 'expired') {
    const pending = attachment.state === 'pending';
    const noun = MEDIA_NOUNS[kind];
    const text = pending
      ? `${filename || capitalized(noun)} is still downloading…`
      : `This ${filename ? `${noun} (${filename})` : noun} is no longer available from WhatsApp.`;
    return (
      <div className={`message-attachment message-attachment-${attachment.state}`}>
        <p className="message-attachment-state">
          <i className={pending ? 'pi pi-clock' : 'pi pi-ban'} aria-hidden="true" />
          <span>{text}</span>
        </p>
        <Caption text={attachment.caption} />
      </div>
    );
  }

  const url = attachment.state === 'ready' ? attachmentUrl(attachment.url) : undefined;
  if (!url) return fallback;

  switch (kind) {
    case 'image': {
      const alt =
        attachment.caption?.trim() ||
        (message.sender === 'customer' && customerName ? `Photo from ${customerName}` : 'Photo');
      return (
        <div className="message-attachment">
          <a className="message-image-link" href={url} target="_blank" rel="noopener noreferrer">
            <img className="message-image" src={url} alt={alt} loading="lazy" decoding="async" />
            <span className="sr-only"> (opens full size in a new tab)</span>
          </a>
          <Caption text={attachment.caption} />
        </div>
      );
    }
    case 'sticker':
      return (
        <div className="message-attachment">
          <img className="message-sticker" src={url} alt="Sticker" loading="lazy" decoding="async" />
        </div>
      );
    case 'video':
      return (
        <div className="message-attachment">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a customer's own recording: WhatsApp sends no captions to add */}
          <video className="message-video" src={url} controls preload="metadata" aria-label="Video" />
          <Caption text={attachment.caption} />
        </div>
      );
    case 'audio':
      return (
        <div className="message-attachment">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a customer's own recording: WhatsApp sends no transcript to add */}
          <audio className="message-audio" src={url} controls preload="none" aria-label="Audio message" />
          <Caption text={attachment.caption} />
        </div>
      );
    case 'document': {
      const name = filename || 'Document';
      const size = typeof attachment.size === 'number' ? formatBytes(attachment.size) : '';
      return (
        <div className="message-attachment">
          <a className="message-document" href={url} download={filename || true}>
            <i className="pi pi-file" aria-hidden="true" />
            <span>{size ? `${name} · ${size}` : name}</span>
            <span className="sr-only"> (download)</span>
          </a>
          <Caption text={attachment.caption} />
        </div>
      );
    }
  }
}
