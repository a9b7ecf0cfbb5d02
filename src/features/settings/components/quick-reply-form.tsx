import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { serverMessage } from '../../../api/error-message';
import { useCreateQuickReply, useUpdateQuickReply } from '../../../api/generated/endpoints/quick-replies/quick-replies';
import {
  createQuickReplyBodyContentMax,
  createQuickReplyBodyContentSwMax,
  createQuickReplyBodyTitleMax,
} from '../../../api/generated/zod/quick-replies/quick-replies.zod';
import type { QuickReply } from '../../../api/generated/model/quickReply';
import { useToast } from '../../../lib/toast/toast-context';

type Errors = { title?: string; content?: string; contentSw?: string };

/** The contract's limits (generated from openapi.yaml) with messages for a person. The Swahili text is optional. */
export function quickReplyErrors(title: string, content: string, contentSw = ''): Errors {
  const errors: Errors = {};
  if (!title.trim()) errors.title = 'Title is required';
  else if (title.length > createQuickReplyBodyTitleMax)
    errors.title = `Title must be at most ${createQuickReplyBodyTitleMax} characters`;
  if (!content.trim()) errors.content = 'Message is required';
  else if (content.length > createQuickReplyBodyContentMax)
    errors.content = `Message must be at most ${createQuickReplyBodyContentMax} characters`;
  if (contentSw.length > createQuickReplyBodyContentSwMax)
    errors.contentSw = `Message (Swahili) must be at most ${createQuickReplyBodyContentSwMax} characters`;
  return errors;
}

/**
 * Adds a quick reply, or edits `reply`. A refusal keeps everything typed and
 * says why. `swahili`: the backend keeps a Swahili text (its quick replies
 * carry contentSw); without it the form has no Swahili field and sends none.
 */
export function QuickReplyForm({
  reply,
  swahili,
  onDone,
}: {
  reply?: QuickReply;
  swahili: boolean;
  onDone: () => void;
}) {
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const toast = useToast();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [content, setContent] = useState(reply?.content ?? '');
  const [contentSw, setContentSw] = useState(reply?.contentSw ?? '');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = tried ? quickReplyErrors(title, content, swahili ? contentSw : '') : {};
  const pending = create.isPending || update.isPending;
  const prefix = reply ? `quick-reply-${reply.id}` : 'quick-reply-new';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = quickReplyErrors(title, content, swahili ? contentSw : '');
    const first = (['title', 'content', 'contentSw'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    setFailure(null);
    // Blank is none: left out of a new reply, removed (null) from a stored one.
    const swahiliText = contentSw.trim() ? contentSw : null;
    try {
      if (reply)
        await update.mutateAsync({
          quickReplyId: reply.id,
          data: { title, content, ...(swahili && { contentSw: swahiliText }) },
        });
      else
        await create.mutateAsync({
          data: { title, content, ...(swahili && swahiliText && { contentSw: swahiliText }) },
        });
      toast({ title: 'Quick reply saved', description: `"${title}" is ready to use in the composer.` });
      onDone();
    } catch (error) {
      setFailure(serverMessage(error, 'Failed to save the quick reply'));
    }
  };

  return (
    <form className="quick-reply-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="settings-field">
        <label htmlFor={`${prefix}-title`}>Title</label>
        <InputText
          id={`${prefix}-title`}
          value={title}
          maxLength={createQuickReplyBodyTitleMax + 20}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${prefix}-title-error` : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {errors.title && (
          <small id={`${prefix}-title-error`} className="field-error">
            {errors.title}
          </small>
        )}
      </div>
      <div className="settings-field">
        <label htmlFor={`${prefix}-content`}>Message</label>
        <InputTextarea
          id={`${prefix}-content`}
          value={content}
          rows={3}
          autoResize
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${prefix}-content-error` : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
        {errors.content && (
          <small id={`${prefix}-content-error`} className="field-error">
            {errors.content}
          </small>
        )}
      </div>
      {swahili && (
        <div className="settings-field">
          <label htmlFor={`${prefix}-contentSw`}>Message (Swahili)</label>
          <InputTextarea
            id={`${prefix}-contentSw`}
            lang="sw"
            value={contentSw}
            rows={3}
            autoResize
            aria-invalid={errors.contentSw ? true : undefined}
            aria-describedby={`${prefix}-contentSw-hint${errors.contentSw ? ` ${prefix}-contentSw-error` : ''}`}
            onChange={(event) => setContentSw(event.target.value)}
          />
          <small id={`${prefix}-contentSw-hint`} className="settings-hint">
            Optional. Inserted instead of the message when the customer writes Swahili.
          </small>
          {errors.contentSw && (
            <small id={`${prefix}-contentSw-error`} className="field-error">
              {errors.contentSw}
            </small>
          )}
        </div>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="settings-actions">
        <Button type="submit" label="Save" loading={pending} />
        <Button type="button" label="Cancel" outlined disabled={pending} onClick={onDone} />
      </div>
    </form>
  );
}
