// Search as the engine does, showing what it read from the query: the time window, the
// period and weekday filters, the words it searched, and for each hit its signals.

import { get, post, userPath } from "./api.js";
import { $, dayBefore, h, localDay, localTime, longDay, shortDay } from "./dom.js";

const STOP = new Set(("the and for are but not you your with have had has was were what when where which who "
  + "how did does about that this there their they them then than from into over some any our out its "
  + "all can could would should will just like get got been being also very much more most").split(" "));
const PRIORS = { time_score: "time fit", speaker: "speaker", session: "conversation" };
let ctx = { user: null, zone: null, goTo: null };

export function init({ goTo }) {
  ctx.goTo = goTo;
  $("search-form").addEventListener("submit", (event) => { event.preventDefault(); run(); });
}

export function reset() { ctx = { ...ctx, user: null, zone: null }; }

export async function open(user) {
  if (ctx.user === user) return $("search-query").focus();
  ctx.user = user;
  $("search-explain").replaceChildren();
  $("search-hits").replaceChildren();
  await loadZone(user);
  $("search-query").focus();
}

// The user's timezone, which the "as of" moment is read in.
export async function loadZone(user) {
  if (ctx.zoneOf === user) return;
  const settings = await get(userPath(user)).catch(() => null);
  ctx.zone = settings && settings.timezone;
  ctx.zoneOf = user;
}

async function run() {
  const body = { query: $("search-query").value.trim(), k: Number($("search-k").value) };
  if (!body.query) return;
  if (asOf()) body.now = asOf();
  if ($("search-role").value) body.filters = { roles: [$("search-role").value] };
  if ($("search-preset").value) body.preset = $("search-preset").value;
  $("search-explain").replaceChildren(h("p", { class: "muted" }, "Searching…"));
  try {
    const result = await post(userPath(ctx.user, "/search"), body);
    $("search-explain").replaceChildren(explain(result, body));
    renderHits(result);
  } catch (error) {
    $("search-explain").replaceChildren(h("p", { class: "error", role: "alert" },
      `${error.field ? `${error.field}: ` : ""}${error.message}`));
    $("search-hits").replaceChildren();
  }
}

// The "as of" moment, in the user's zone (UTC for a user without one); "" when not set.
export function asOf() {
  const now = $("search-now").value;
  return now && !ctx.zone ? `${now}+00:00` : now;
}

export function windowText(w) {
  const first = localDay(w.start);
  const last = dayBefore(w.end);
  const hours = localTime(w.start) !== "00:00" || localTime(w.end) !== "00:00";
  if (first === last) {
    return hours ? `${longDay(first)}, ${localTime(w.start)}–${localTime(w.end)}` : longDay(first);
  }
  return `${shortDay(first)} – ${shortDay(last)}`;
}

function explain(result, body) {
  const time = result.time;
  const rows = [];
  if (time && time.windows.length) {
    for (const w of time.windows) {
      rows.push(["Time window", h("span", { class: "window" }, `“${w.phrase}” → `, h("strong", {}, windowText(w)))]);
    }
  } else {
    rows.push(["Time window", h("span", { class: "muted" }, "none read from the query: any time")]);
  }
  if (time && time.periods.length) rows.push(["Part of day", time.periods.join(", ")]);
  if (time && time.weekdays.length) rows.push(["Weekday", time.weekdays.join(", ")]);
  rows.push(["Searched for", result.semantic_query || "(only the time)"]);
  const filters = [body.filters?.roles?.length && `said by the ${body.filters.roles[0]}`,
    body.preset && `method ${body.preset}`, body.now && `as of ${body.now.replace("T", " ")}`].filter(Boolean);
  if (filters.length) rows.push(["Filters", filters.join("; ")]);
  rows.push(["Found", `${result.hits.length} result${result.hits.length === 1 ? "" : "s"}`]);
  return h("dl", { id: "search-window" }, rows.flatMap(([name, value]) => [h("dt", {}, name), h("dd", {}, value)]));
}

function terms(result) {
  return [...new Set((result.semantic_query || result.query).toLowerCase().match(/[\p{L}\p{N}]+/gu) || [])]
    .filter((word) => word.length > 2 && !STOP.has(word));
}

// The text with each word starting with a query term wrapped in <mark>.
export function highlight(text, words) {
  const fragment = document.createDocumentFragment();
  if (!words.length) { fragment.append(text); return fragment; }
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join("|")})[\\p{L}\\p{N}]*`, "giu");
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    fragment.append(text.slice(at, match.index), h("mark", {}, match[0]));
    at = match.index + match[0].length;
  }
  fragment.append(text.slice(at));
  return fragment;
}

function renderHits(result) {
  const words = terms(result);
  $("search-hits").replaceChildren(...result.hits.map((hit) => {
    const e = hit.episode;
    const who = e.speaker || e.role || e.kind;
    return h("li", { class: "hit", dataset: { episode: e.id } },
      h("header", {},
        h("span", { class: "score", title: "score in [0, 1], higher is better" }, hit.score.toFixed(2)),
        h("span", {}, `${longDay(e.tags.local_date)}, ${localTime(e.tags.local)}`),
        h("span", { class: "badge" }, e.tags.period),
        h("span", { class: "muted" }, who),
        signalChips(hit.signals)),
      h("p", {}, highlight(hit.text, words)),
      e.session_id ? h("button", { type: "button", class: "link",
        onclick: () => ctx.goTo("timeline", { day: e.tags.local_date }) },
      `Open ${e.tags.local_date} in the timeline`) : null);
  }));
  if (!result.hits.length) $("search-hits").append(h("li", { class: "muted" }, "Nothing found."));
}

function signalChips(signals) {
  return h("span", { class: "chips", "aria-label": "signals" }, Object.entries(signals).map(([name, value]) =>
    h("span", { class: "chip", title: name in PRIORS ? "a prior that scored it" : "a signal that found it" },
      `${PRIORS[name] || name} ${value.toFixed(2)}`)));
}
