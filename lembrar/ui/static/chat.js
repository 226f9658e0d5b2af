// Chat with the assistant: the reply streams in, then the memories it was shown and the tools
// it ran ("remember …", "forget …") are listed under it.

import { get, stream, userPath } from "./api.js";
import { $, h, plural } from "./dom.js";
import { asOf, loadZone } from "./search.js";

const SESSION = "lembrar.chat-session";
let ctx = { user: null, setup: null, busy: false };

export function init() {
  $("chat-form").addEventListener("submit", (event) => { event.preventDefault(); send(); });
  $("chat-input").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); send(); }
  });
  $("chat-new").addEventListener("click", () => {
    sessionStorage.removeItem(sessionKey());
    $("chat-log").replaceChildren();
    $("chat-input").focus();
  });
}

export function reset() { ctx = { ...ctx, user: null }; $("chat-log").replaceChildren(); }

const sessionKey = () => `${SESSION}.${ctx.user}`;

export async function open(user) {
  ctx.user = user;
  ctx.setup = ctx.setup || await get("/v1/chat").catch((error) => ({ configured: false, setup: error.message }));
  $("chat-setup").hidden = ctx.setup.configured;
  $("chat-box").hidden = !ctx.setup.configured;
  if (!ctx.setup.configured) return showSetup(ctx.setup.setup);
  $("chat-model").textContent = `model ${ctx.setup.model} · memory of ${user}`;
  await loadZone(user);
  $("chat-input").focus();
}

function showSetup(text) {
  $("chat-setup").replaceChildren(
    h("h2", {}, "Chat needs a language model"),
    h("p", {}, "No model is configured on the server, so there is nobody to chat with yet. "
      + "Start lembrar serve with the same settings as lembrar chat, for example:"),
    h("pre", {}, "# a local model with Ollama\nollama pull llama3.2\n"
      + "LEMBRAR_LLM_BASE_URL=http://localhost:11434/v1 LEMBRAR_LLM_MODEL=llama3.2 lembrar serve\n\n"
      + "# OpenAI\nOPENAI_API_KEY=sk-... LEMBRAR_LLM_MODEL=gpt-4o-mini lembrar serve"),
    h("p", { class: "muted" }, `The server says: ${text}`));
}

async function send() {
  const message = $("chat-input").value.trim();
  if (!message || ctx.busy) return;
  ctx.busy = true;
  $("chat-send").disabled = true;
  $("chat-input").value = "";
  $("chat-log").append(h("div", { class: "msg user" }, message));
  const text = h("span", { class: "text" });
  const bubble = h("div", { class: "msg assistant", "aria-busy": "true" }, text);
  $("chat-log").append(bubble);
  const body = { message, session_id: sessionStorage.getItem(sessionKey()) || undefined };
  if (asOf()) body.now = asOf();  // the same "as of" as search, for replaying old conversations
  try {
    await stream(userPath(ctx.user, "/chat"), body, (name, data) => {
      if (name === "delta") { text.textContent += data.text; scroll(); }
      if (name === "done") finish(bubble, text, data);
      if (name === "error") failed(bubble, data.message);
    });
  } catch (error) {
    failed(bubble, error.message);
  } finally {
    bubble.removeAttribute("aria-busy");
    ctx.busy = false;
    $("chat-send").disabled = false;
    $("chat-input").focus();
  }
}

function finish(bubble, text, turn) {
  sessionStorage.setItem(sessionKey(), turn.session_id);
  text.textContent = turn.text;
  for (const run of turn.tool_calls) bubble.append(h("p", { class: "tool" }, toolLine(run)));
  bubble.append(h("details", { class: "used" },
    h("summary", {}, turn.memories.length ? `Memories used (${turn.memories.length})` : "No memories used"),
    h("ul", {}, turn.memories.map((m) => h("li", {},
      h("span", { class: "badge" }, m.kind), " ", m.when ? h("span", { class: "muted" }, `${m.when} `) : null,
      m.text)))));
  scroll();
}

function toolLine(run) {
  if (run.error) return `${run.name} failed: ${run.error}`;
  const result = run.result || {};
  const args = run.arguments || {};
  if (run.name === "remember") {
    if (result.status === "saved") {
      return `Remembered: “${result.fact}”` + (result.replaced ? ` (replacing “${result.replaced.text}”)` : "");
    }
    if (result.status === "stored") return `Noted: “${args.fact}”`;
    return `Not saved, a ${result.status} of “${result.existing?.text ?? ""}”` + (result.reason ? `: ${result.reason}` : "");
  }
  if (run.name === "forget") {
    if (result.everything) return `Forgot everything (${plural(result.deleted, "message")})`;
    if (result.session_id) return `Forgot conversation ${result.session_id} (${plural(result.deleted, "message")})`;
    return `Forgot the ${result.kind || "memory"} ${result.id}`;
  }
  if (run.name === "recall") {
    const found = plural((result.memories || []).length, "memory", "memories");
    return `Looked up ${found}` + (args.when ? ` for “${args.when}”` : "") + (args.query ? ` about “${args.query}”` : "");
  }
  if (run.name === "facts") {
    return `Looked up ${plural((result.facts || []).length, "fact")}` + (args.entity ? ` about ${args.entity}` : "")
      + (args.query ? ` for “${args.query}”` : "") + (args.as_of ? ` as of ${args.as_of}` : "");
  }
  if (run.name === "entities") {
    return `Looked up ${plural((result.entities || []).length, "entity", "entities")}` + (args.query ? ` for “${args.query}”` : "");
  }
  return `Used ${run.name}`;
}

function failed(bubble, message) {
  bubble.classList.add("error");
  bubble.replaceChildren(`The reply failed: ${message}. Nothing was stored for this turn.`);
}

function scroll() { $("chat-log").scrollTop = $("chat-log").scrollHeight; }
