import { safeImageUrl } from '../../../lib/url/safe-image-url';
import { Button } from 'primereact/button';
import { useObjectUrl } from '../use-object-url';

/** A chosen file, before upload. */
export function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <li className="image-preview">
      {url ? <img src={url} alt={file.name} /> : <span className="product-thumb-empty" />}
      <span className="image-preview-name" title={file.name}>
        {file.name}
      </span>
      <Button
        type="button"
        icon="pi pi-times"
        rounded
        severity="secondary"
        size="small"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      />
    </li>
  );
}

/** An image already stored with the product. */
export function UrlPreview({ url: raw, alt }: { url: string; alt: string }) {
  const url = safeImageUrl(raw);
  return (
    <li className="image-preview">
      {url ? <img src={url} alt={alt} /> : <span className="product-thumb-empty" role="img" aria-label={alt} />}
    </li>
  );
}
