'use client';
// One storefront image (the hero or a category tile): the current picture, a drop zone that uploads a new one
// (checked in the browser by type and size, then on the server by content, size and megapixels, as product images
// are), and Remove, which goes back to the newest product's image. Nothing changes on the shop until Save.
import { ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '@/components/ui/toaster';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '@/lib/storage/image-rules';
import { Thumb } from '../thumb';
import { uploadStorefrontImageFile } from './upload-storefront-image';

interface ImagePickerProps {
  label: string;
  value: string | null;
  onChange(url: string | null): void;
  disabled?: boolean;
  error?: string;
  /** Said when no image is chosen. */
  fallback: string;
}

function rejectionReason(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return IMAGE_TOO_LARGE;
  if (code === 'file-invalid-type') return NOT_AN_IMAGE;
  return rejection.errors[0]?.message ?? 'the file was refused';
}

export function ImagePicker({ label, value, onChange, disabled, error, fallback }: ImagePickerProps) {
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(files: File[], rejected: FileRejection[]) {
    for (const r of rejected) toast.error(`Failed to upload image: ${rejectionReason(r)} (${r.file.name})`);
    const file = files[0];
    if (!file) return;
    setProgress(0);
    const outcome = await uploadStorefrontImageFile(file, setProgress);
    setProgress(null);
    if (outcome.ok) {
      onChange(outcome.url);
      toast.success('Image uploaded successfully', { description: `${file.name}: save the storefront to show it` });
    } else {
      toast.error(`Failed to upload image: ${outcome.error}`);
    }
  }

  const dropzone = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: IMAGE_MAX_BYTES,
    multiple: false,
    disabled: disabled || progress !== null,
    onDrop: (files, rejected) => void upload(files, rejected),
  });

  return (
    <div className="flex items-start gap-3" data-image-picker={label}>
      <Thumb src={value} alt={value ? `${label} (current)` : ''} size={72} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium">{label}</p>
        <p className="text-xs text-stone-muted">{value ? 'Chosen image' : fallback}</p>
        <div className="flex flex-wrap items-center gap-2">
          <div
            {...dropzone.getRootProps({
              className: `flex cursor-pointer items-center gap-1.5 rounded-md border border-dashed px-3 py-1.5 text-sm ${
                dropzone.isDragActive ? 'border-gold bg-amber-50' : 'border-neutral-300 hover:bg-neutral-50'
              }`,
            })}
          >
            <input {...dropzone.getInputProps({ 'aria-label': `Upload ${label.toLowerCase()}` })} />
            <ImagePlus aria-hidden className="size-4 text-stone-muted" />
            <span>{value ? 'Replace' : 'Upload'}</span>
          </div>
          {value && (
            <button type="button" className="adm-btn h-8 px-2" onClick={() => onChange(null)} disabled={disabled} aria-label={`Remove ${label.toLowerCase()}`}>
              <X aria-hidden className="size-4" /> Remove
            </button>
          )}
        </div>
        {progress !== null && <progress className="h-1.5 w-full accent-gold" max={1} value={progress} aria-label={`Uploading ${label.toLowerCase()}`} />}
        {error && <p className="text-xs text-red-700">{error}</p>}
      </div>
    </div>
  );
}
