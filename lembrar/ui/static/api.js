// The HTTP API as the page uses it: a bearer key from this tab's session storage, JSON in and
// out, errors as ApiError (status, code, message, field), and server-sent events for chat.

const KEY = "lembrar.key";

export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `request failed (${status})`);
    this.status = status;
    this.code = error.code || "error";
    this.field = error.field || null;
  }
}

export const session = {
  key: () => sessionStorage.getItem(KEY),
  save: (key) => sessionStorage.setItem(KEY, key),
  clear: () => sessionStorage.removeItem(KEY),
};

let onUnauthorized = () => {};
export function whenUnauthorized(handler) { onUnauthorized = handler; }

function headers(json) {
  const out = json ? { "Content-Type": "application/json" } : {};
  const key = session.key();
  if (key) out.Authorization = `Bearer ${key}`;
  return out;
}

export async function call(method, path, body) {
  const response = await fetch(path, {
    method, headers: headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = new ApiError(response.status, data);
    if (response.status === 401) onUnauthorized(error);
    throw error;
  }
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body) => call("POST", path, body ?? {});
export const patch = (path, body) => call("PATCH", path, body);
export const del = (path) => call("DELETE", path);

export function userPath(user, rest = "") {
  return `/v1/users/${encodeURIComponent(user)}${rest}`;
}

export function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.append(name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// POST and read a text/event-stream: onEvent(name, data) for each event, in order.
export async function stream(path, body, onEvent) {
  const response = await fetch(path, { method: "POST", headers: headers(true), body: JSON.stringify(body) });
  if (!response.ok) {
    const error = new ApiError(response.status, await response.json().catch(() => null));
    if (response.status === 401) onUnauthorized(error);
    throw error;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      dispatch(buffer.slice(0, end), onEvent);
      buffer = buffer.slice(end + 2);
    }
  }
}

function dispatch(block, onEvent) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
  }
  if (data.length) onEvent(name, JSON.parse(data.join("\n")));
}
