/**
 * World export and import (issue 13, docs/export-format.md): a download streamed through fetch with the bytes
 * received reported as they arrive, and an upload through XMLHttpRequest with the bytes sent reported. Both carry
 * the stored token (and `x-view-as` while the world is viewed as a member), and turn a non-2xx answer into an
 * ApiError with the server's message, as the rest of the client does.
 */
import { VIEW_AS_HEADER, type ExportFormat, type ImportResult } from '@loreforge/contract';
import { clearToken, getToken } from '../session/session-store';
import { viewAsFor } from '../session/view-as-store';
import { API_BASE, ApiError, errorCodeOf } from './client';

/** The export formats offered, with their labels; the last two are written by their own exporters. */
export const EXPORT_CHOICES: ReadonlyArray<{ format: ExportFormat; label: string; hint: string }> = [
  { format: 'bundle', label: 'Loreforge bundle', hint: 'Everything, to import again or keep (.zip)' },
  { format: 'onlyworlds', label: 'OnlyWorlds', hint: 'The open worldbuilding standard (.zip)' },
  { format: 'markdown', label: 'Markdown vault', hint: 'Notes for Obsidian or any Markdown editor (.zip)' },
];

/** Progress of a transfer: bytes so far and, when known, in all. */
export interface TransferProgress {
  loaded: number;
  total: number | undefined;
}

const authHeaders = (path: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const viewAs = viewAsFor(path);
  if (viewAs) headers[VIEW_AS_HEADER] = viewAs;
  return headers;
};

/** An ApiError from a failed answer's JSON body (`{ message, code, fields? }`), or a generic one. */
function errorOf(status: number, text: string): ApiError {
  if (status === 401) clearToken();
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; fields?: Record<string, string> };
    return new ApiError(status, errorCodeOf(body.code, status), typeof body.message === 'string' ? body.message : '', body.fields);
  } catch {
    return new ApiError(status, `HTTP_${status}`, '');
  }
}

/** The file name of a download, from Content-Disposition, else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a world's export (GET /worlds/{worldId}/export?format=…) and hands it to the browser as a file.
 * No timeout: a large world streams for as long as it takes; `signal` cancels.
 * @param onProgress called as bytes arrive (total is unknown: the archive is streamed).
 * @returns the file name saved.
 * @throws ApiError for a non-2xx answer (the server's message) or a network failure (code NETWORK_ERROR).
 */
export async function downloadWorldExport(
  worldId: string,
  format: ExportFormat,
  onProgress: (progress: TransferProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const path = `/worlds/${encodeURIComponent(worldId)}/export`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}?format=${format}`, { headers: authHeaders(path), signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw errorOf(response.status, await response.text());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, total: undefined });
    }
  }
  const name = fileNameOf(response, `world.${format}.zip`);
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Uploads an archive to POST /worlds/import, which creates a new world of the caller.
 * @param onProgress called as bytes are sent.
 * @returns the import's answer: the new world, the format recognised, what was created and what was not mapped.
 * @throws ApiError with the server's message (a refused archive is a 400 saying why; too large a 413), or code
 * NETWORK_ERROR when the upload breaks off.
 */
export function uploadWorldImport(
  file: Blob,
  onProgress: (progress: TransferProgress) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const path = '/worlds/import';
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(authHeaders(path))) request.setRequestHeader(name, value);
    request.setRequestHeader('Content-Type', file.type === 'application/zip' ? 'application/zip' : 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as ImportResult);
        } catch {
          reject(new ApiError(request.status, 'BAD_RESPONSE', ''));
        }
      } else {
        reject(errorOf(request.status, request.responseText));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The upload broke off. Check your connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    request.send(file);
  });
}

/** A byte count as people read it: '512 B', '1.4 KB', '23.0 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
