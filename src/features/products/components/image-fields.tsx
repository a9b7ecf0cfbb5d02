import { useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { MESSAGES, type ProductFormOutput, type ProductFormValues } from '../product-form-schema';
import { MAX_IMAGE_BYTES, formatLimit, isImageFile, isWithin } from '../../../lib/files/limits';
import { FilePreview, UrlPreview } from './image-previews';

const LIMIT = formatLimit(MAX_IMAGE_BYTES);
const tooLarge = (names: string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} larger than ${LIMIT}. Choose images of ${LIMIT} or less.`;
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * A visually hidden file input behind a button-like label: the input keeps
 * its label, focus and keyboard; the previews below show what was chosen.
 */
function FilePicker({
  id,
  label,
  buttonLabel,
  multiple,
  describedBy,
  onFiles,
}: {
  id: string;
  label: string;
  buttonLabel: string;
  multiple?: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        className="sr-only file-picker"
        // Named by the field label alone; the button-like label below only opens the picker.
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // Cleared so that choosing the same file again (after removing it) still counts.
          if (input.current) input.current.value = '';
        }}
      />
      <label htmlFor={id} className="p-button p-component p-button-outlined p-button-sm file-button" aria-hidden="true">
        <span className="p-button-icon p-button-icon-left pi pi-images" />
        <span className="p-button-label">{buttonLabel}</span>
      </label>
    </>
  );
}

/** One product image: a preview of the chosen file, or of the stored image. */
export function ProductImageField({ currentUrl }: { currentUrl?: string | null }) {
  const { control, setError, clearErrors } = useFormContext<ProductFormValues, unknown, ProductFormOutput>();
  return (
    <Controller
      name="productImage"
      control={control}
      render={({ field, fieldState }) => {
        const file = field.value;
        const hint = `${currentUrl ? 'A new image replaces the current one when you save.' : 'One image file.'} Up to ${LIMIT}.`;
        return (
          <div className="field">
            <FilePicker
              id="productImage"
              label="Product Image"
              buttonLabel={file || currentUrl ? 'Change Image' : 'Choose Image'}
              describedBy={`productImage-hint${fieldState.error ? ' productImage-error' : ''}`}
              onFiles={([chosen]) => {
                if (!chosen) return;
                if (!isImageFile(chosen)) return setError('productImage', { message: MESSAGES.notAnImage });
                // Checked before anything is sent; the rest of the form stays as typed.
                if (!isWithin(chosen, MAX_IMAGE_BYTES))
                  return setError('productImage', { message: tooLarge([chosen.name]) });
                clearErrors('productImage');
                field.onChange(chosen);
              }}
            />
            <small id="productImage-hint" className="field-hint">
              {hint}
            </small>
            {fieldState.error && (
              <small id="productImage-error" className="field-error">
                {fieldState.error.message}
              </small>
            )}
            {(file || currentUrl) && (
              <ul className="image-previews" aria-label="Product image preview">
                {file ? (
                  <FilePreview file={file} onRemove={() => field.onChange(null)} />
                ) : (
                  <UrlPreview url={currentUrl!} alt="Current product image" />
                )}
              </ul>
            )}
          </div>
        );
      }}
    />
  );
}

/** Several installation images. On update the contract replaces the stored list with the files sent. */
export function InstallationImagesField({ currentUrls }: { currentUrls: readonly string[] }) {
  const { control, setError, clearErrors } = useFormContext<ProductFormValues, unknown, ProductFormOutput>();
  return (
    <Controller
      name="installationImages"
      control={control}
      render={({ field, fieldState }) => {
        const files = field.value;
        const replacing = files.length > 0 && currentUrls.length > 0;
        const hint = replacing
          ? `These replace the ${currentUrls.length} current installation ${currentUrls.length === 1 ? 'image' : 'images'} when you save.`
          : 'Choose as many images as you like, one or several at a time.';
        const limitedHint = `${hint} Up to ${LIMIT} each.`;
        return (
          <div className="field">
            <FilePicker
              id="installationImages"
              label="Installation Images"
              buttonLabel="Add Images"
              multiple
              describedBy={`installationImages-hint${fieldState.error ? ' installationImages-error' : ''}`}
              onFiles={(chosen) => {
                const images = chosen.filter(isImageFile);
                const oversized = images.filter((image) => !isWithin(image, MAX_IMAGE_BYTES));
                if (images.length < chosen.length) setError('installationImages', { message: MESSAGES.notAnImage });
                else if (oversized.length)
                  setError('installationImages', { message: tooLarge(oversized.map((image) => image.name)) });
                else clearErrors('installationImages');
                // The images that fit are kept; only the oversized ones are left out.
                const added = images.filter(
                  (image) => isWithin(image, MAX_IMAGE_BYTES) && !files.some((file) => sameFile(file, image)),
                );
                if (added.length) field.onChange([...files, ...added]);
              }}
            />
            <small id="installationImages-hint" className="field-hint">
              {limitedHint}
            </small>
            {fieldState.error && (
              <small id="installationImages-error" className="field-error">
                {fieldState.error.message}
              </small>
            )}
            {files.length > 0 && (
              <>
                <p className="image-group-title">New installation images ({files.length})</p>
                <ul className="image-previews" aria-label="New installation images">
                  {files.map((file, index) => (
                    <FilePreview
                      key={`${file.name}-${file.size}-${file.lastModified}`}
                      file={file}
                      onRemove={() => field.onChange(files.filter((_, i) => i !== index))}
                    />
                  ))}
                </ul>
              </>
            )}
            {currentUrls.length > 0 && (
              <>
                <p className="image-group-title">
                  {replacing ? 'Current installation images (to be replaced)' : 'Current installation images'}
                </p>
                <ul className="image-previews" aria-label="Current installation images">
                  {currentUrls.map((url, index) => (
                    // Index-qualified: the server may list the same image twice.
                    <UrlPreview key={`${index}-${url}`} url={url} alt={`Installation image ${index + 1}`} />
                  ))}
                </ul>
              </>
            )}
          </div>
        );
      }}
    />
  );
}
