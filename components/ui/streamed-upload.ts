'use client';
// Sends one file to an import route and follows the answer as it streams: the upload's progress (XMLHttpRequest
// reports it), then one JSON line per written batch, then the outcome (a 'done' or 'error' line). The catalog's
// and the price lists' imports both answer this way.

export interface StreamedOutcomeWords {
  serverAnswered: (status: number) => string;
  stopped: string;
  connection: string;
  cancelled: string;
}

type Outcome<E> = Extract<E, { type: 'done' | 'error' }>;

export interface StreamedUpload<E> {
  outcome: Promise<Outcome<E>>;
  cancel(): void;
}

export function sendStreamedUpload<E extends { type: string }>(
  url: string,
  file: Blob,
  words: StreamedOutcomeWords,
  onUpload: (fraction: number) => void,
  onEvent: (event: E) => void,
): StreamedUpload<E> {
  const xhr = new XMLHttpRequest();
  const failed = (error: string) => ({ type: 'error', error }) as unknown as Outcome<E>;
  const outcome = new Promise<Outcome<E>>((resolve) => {
    let read = 0;
    let last: Outcome<E> | null = null;
    const consume = () => {
      const text = xhr.responseText;
      let end: number;
      while ((end = text.indexOf('\n', read)) !== -1) {
        const line = text.slice(read, end);
        read = end + 1;
        if (!line.trim()) continue;
        const event = JSON.parse(line) as E;
        if (event.type === 'done' || event.type === 'error') last = event as Outcome<E>;
        onEvent(event);
      }
    };
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onUpload(e.loaded / e.total);
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) consume();
    };
    xhr.onload = () => {
      if (xhr.status !== 200) {
        let error = words.serverAnswered(xhr.status);
        try {
          error = (JSON.parse(xhr.responseText) as { error?: string }).error ?? error;
        } catch {
          // Not JSON: keep the status.
        }
        return resolve(failed(error));
      }
      consume();
      resolve(last ?? failed(words.stopped));
    };
    xhr.onerror = () => resolve(failed(words.connection));
    xhr.onabort = () => resolve(failed(words.cancelled));
    xhr.send(file);
  });
  return { outcome, cancel: () => xhr.abort() };
}
