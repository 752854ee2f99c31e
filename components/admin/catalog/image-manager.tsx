'use client';
// The images of the product being edited: upload several at once (each file with its progress), select some or all
// and delete them after a confirmation, and drag them into a new order (or move them with the keyboard: Space on a
// handle, arrow keys, Space). The new order is saved at once; the first image is the primary one.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, ImagePlus, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '@/components/ui/toaster';
import { deleteProductImages, reorderProductImages } from '@/lib/admin/catalog/actions';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, MISSING_UPLOAD_PARAMETERS, NOT_AN_IMAGE } from '@/lib/storage/image-rules';
import type { Category } from '@/lib/catalog/categories';
import type { ProductImage } from '@/lib/catalog/types';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';
import { ConfirmDialog } from './confirm-dialog';
import { uploadImageFile } from './upload-image';

interface ImageManagerProps {
  category: Category;
  productId: string;
  images: ProductImage[];
}

interface Upload {
  key: string;
  name: string;
  progress: number;
  failed: boolean;
}

function uploadFailed(reason: string) {
  if (reason === MISSING_UPLOAD_PARAMETERS) toast.error(MISSING_UPLOAD_PARAMETERS);
  else toast.error(`Failed to upload image: ${reason}`);
}

function rejectionReason(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return IMAGE_TOO_LARGE;
  if (code === 'file-invalid-type') return NOT_AN_IMAGE;
  return rejection.errors[0]?.message ?? 'the file was refused';
}

export function ImageManager({ category, productId, images }: ImageManagerProps) {
  const router = useRouter();
  const [order, setOrder] = useState(images);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [status, setStatus] = useState('');
  const deleteButton = useRef<HTMLButtonElement>(null);

  // The server's list after a refresh replaces the local one; selections of images that are gone are dropped.
  const signature = images.map((i) => `${i.id}:${i.display_order}`).join(',');
  useEffect(() => {
    setOrder(images);
    setSelected((s) => new Set([...s].filter((id) => images.some((i) => i.id === id))));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the list's content
  }, [signature]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => order.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${position(active.id)} of ${order.length}.`,
    onDragOver: ({ over }) => (over ? `Image is over position ${position(over.id)} of ${order.length}.` : 'Image is not over a position.'),
    onDragEnd: ({ over }) => (over ? `Image dropped at position ${position(over.id)} of ${order.length}.` : 'Image dropped where it was.'),
    onDragCancel: () => 'Moving the image was cancelled.',
  };

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const before = order;
    const next = arrayMove(order, position(active.id) - 1, position(over.id) - 1);
    setOrder(next);
    try {
      const result = await reorderProductImages({ category, productId, imageIds: next.map((i) => i.id) });
      if (!result.ok) throw new Error(result.error);
      setStatus('Image order saved. The first image is the primary one.');
      router.refresh();
    } catch (err) {
      setOrder(before);
      toast.error('Failed to save image order', { description: err instanceof Error ? err.message : undefined });
    }
  }

  async function uploadAll(files: File[], rejected: FileRejection[]) {
    for (const r of rejected) uploadFailed(`${rejectionReason(r)} (${r.file.name})`);
    if (files.length === 0) return;
    const batch = files.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, progress: 0, failed: false }));
    setUploads((u) => [...u.filter((x) => !x.failed && x.progress < 1), ...batch]);
    // One after the other: each image goes after the ones before it, in the order chosen.
    for (const [i, file] of files.entries()) {
      const key = batch[i]!.key;
      const update = (patch: Partial<Upload>) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...patch } : x)));
      const outcome = await uploadImageFile(file, { category, productId }, (progress) => update({ progress }));
      if (outcome.ok) {
        update({ progress: 1 });
        toast.success('Image uploaded successfully', { description: file.name });
      } else {
        update({ failed: true });
        uploadFailed(outcome.error);
      }
    }
    setUploads((u) => u.filter((x) => x.failed));
    router.refresh();
  }

  const dropzone = useDropzone({ accept: IMAGE_ACCEPT, maxSize: IMAGE_MAX_BYTES, multiple: true, onDrop: (files, rejected) => void uploadAll(files, rejected) });

  async function deleteSelected() {
    const ids = [...selected];
    setDeleting(true);
    try {
      const result = await deleteProductImages({ category, productId, imageIds: ids });
      if (!result.ok) throw new Error(result.error);
      toast.success(result.message ?? 'Image deleted successfully');
      setSelected(new Set());
      router.refresh();
    } catch (err) {
      toast.error(ids.length === 1 ? 'Failed to delete image' : 'Failed to delete images', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  const allSelected = order.length > 0 && selected.size === order.length;
  const toggle = (id: string) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  return (
    <section aria-labelledby="product-images-heading" className="rounded-md border border-neutral-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="product-images-heading" className="text-sm font-semibold">
          Images <span className="tabular font-normal text-stone-muted">({order.length})</span>
        </h3>
        {order.length > 0 && (
          <div className="flex items-center gap-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-ink"
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = selected.size > 0 && !allSelected;
                }}
                onChange={() => setSelected(allSelected ? new Set() : new Set(order.map((i) => i.id)))}
              />
              Select all
            </label>
            <button ref={deleteButton} type="button" className="adm-btn h-8 px-2 text-red-700" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden className="size-4" /> Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
            </button>
          </div>
        )}
      </div>
      {order.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={(e) => void onDragEnd(e)}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: 'To move an image, press Space or Enter on its handle, use the arrow keys, then press Space or Enter to drop it. Escape cancels.' },
          }}
        >
          <SortableContext items={order.map((i) => i.id)} strategy={rectSortingStrategy}>
            <ol className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Images in display order; the first is the primary image">
              {order.map((image, index) => (
                <SortableImage key={image.id} image={image} index={index} selected={selected.has(image.id)} onToggle={() => toggle(image.id)} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="adm-muted mt-2">No images yet. The first image you add is the primary one.</p>
      )}
      <p className="sr-only" role="status">
        {status}
      </p>
      <div
        {...dropzone.getRootProps({
          className: `mt-3 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed px-4 py-5 text-center text-sm ${
            dropzone.isDragActive ? 'border-gold bg-amber-50' : 'border-neutral-300 hover:bg-neutral-50'
          }`,
        })}
      >
        <input {...dropzone.getInputProps({ 'aria-label': 'Upload images' })} />
        <ImagePlus aria-hidden className="size-5 text-stone-muted" />
        <span>
          <span className="font-medium underline">Choose images</span> or drop them here
        </span>
        <span className="text-xs text-stone-muted">JPEG, PNG, WebP or AVIF, up to 10 MB each</span>
      </div>
      {uploads.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="text-xs">
              <div className="flex justify-between gap-2">
                <span className="truncate">{u.name}</span>
                <span className={`tabular ${u.failed ? 'text-red-700' : 'text-stone-muted'}`}>{u.failed ? 'Failed' : `${Math.round(u.progress * 100)}%`}</span>
              </div>
              <progress className="h-1.5 w-full accent-gold" max={1} value={u.failed ? 0 : u.progress} aria-label={`Uploading ${u.name}`} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title={selected.size === 1 ? 'Delete this image?' : `Delete ${selected.size} images?`}
        description="The images and their stored files are removed. This cannot be undone."
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirming(false)}
        returnFocus={deleteButton}
      />
    </section>
  );
}

function SortableImage({ image, index, selected, onToggle }: { image: ProductImage; index: number; selected: boolean; onToggle(): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`relative rounded-md border bg-white p-1 ${isDragging ? 'z-10 border-gold shadow-lg' : selected ? 'border-ink' : 'border-neutral-200'}`}
      data-image-id={image.id}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- optimised through /_next/image via srcSet */}
      <img
        {...imageSources(image.image_url, IMAGE_WIDTHS.thumb, canOptimize(image.image_url))}
        sizes="(min-width: 640px) 120px, 30vw"
        alt={`Image ${index + 1}${index === 0 ? ' (primary)' : ''}`}
        draggable={false}
        className="aspect-square w-full rounded bg-neutral-50 object-cover"
      />
      <label className="absolute left-1.5 top-1.5 flex size-7 items-center justify-center rounded bg-white/90">
        <input type="checkbox" className="size-4 accent-ink" checked={selected} onChange={onToggle} />
        <span className="sr-only">Select image {index + 1}</span>
      </label>
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="absolute right-1.5 top-1.5 flex size-7 cursor-grab touch-none items-center justify-center rounded bg-white/90 active:cursor-grabbing"
        aria-label={`Move image ${index + 1}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      {index === 0 && <span className="absolute bottom-2 left-2 rounded bg-ink px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-white">Primary</span>}
    </li>
  );
}
