// Downloads that need the tab's key: fetched with it, then saved from the browser's memory.

import { ApiError, session } from "./api.js";
import { toast } from "./dom.js";

export async function download(path, filename) {
  const key = session.key();
  const response = await fetch(path, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
  if (!response.ok) {
    const error = new ApiError(response.status, await response.json().catch(() => null));
    toast(`Could not download: ${error.message}`);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
