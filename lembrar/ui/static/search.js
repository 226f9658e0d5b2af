// Search as the engine does, showing what it read from the query: the time window, the
// period and weekday filters, the words it searched, and for each hit its signals.

import { get, post, userPath } from "./api.js";
import { $, conversationTitle, dayBefore, h, localDay, localTime, longDay, plural, shortDay } from "./dom.js";

const STOP = new Set(("the and for are but not you your with have had has was were what when where which who "
  + "how did does about that this there their they them then than from into over some any our out its "
  + "all can could would should will just like get got been being also very much more most").split(" "));
const PRIORS = { time_score: "time fit", speaker: "speaker", session: "conversation", coverage: "coverage" };
const SIGNAL_HELP = {
  dense: "closeness in meaning (cosine)", keyword: "word match (BM25)", time: "time-window search",
  time_score: "how well its time fits the window", speaker: "who spoke", session: "its conversation's match",
  coverage: "share of the query's words it holds",
};
const ABOUT = { summary: "summary", "first user turn": "first words", "key phrases": "key phrases" };
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
  $("search-hits").replaceChildren(); // the last search's hits do not stand for this one's
  try {
    const overview = await post(userPath(ctx.user, "/search/overview"), body);
    $("search-explain").replaceChildren(explain(overview, body), ...emptyWindow(overview));
    if (overview.about_conversations) renderConversations(overview);
    else renderHits(overview);
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

function explain(overview, body) {
  const result = overview.search;
  const time = result.time;
  const rows = [];
  if (overview.windows.length) {
    for (const w of overview.windows) {
      rows.push(["Time window", h("span", { class: "window" }, `“${w.phrase}” → `, h("strong", {}, windowText(w)),
        h("span", { class: w.episodes ? "muted" : "empty-window" },
          ` (${w.episodes ? plural(w.episodes, "memory", "memories") : "no memories"} in it)`))]);
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
  rows.push(["Found", found(overview)]);
  return h("dl", { id: "search-window" }, rows.flatMap(([name, value]) => [h("dt", {}, name), h("dd", {}, value)]));
}

function found(overview) {
  if (overview.about_conversations) return plural(overview.conversations.length, "conversation");
  const hits = overview.search.hits.length;
  const outside = overview.outside_window.length;
  const text = plural(hits, "result");
  if (!overview.windows.length || !hits) return text;
  if (outside === hits) return `${text}, none in the time window (shown as the nearest in meaning)`;
  return outside ? `${text}: ${hits - outside} in the time window, ${outside} outside it` : `${text}, all in the time window`;
}

// When the window the query named holds nothing, say so, say where the memories are, and
// offer to read the phrase from the last memory instead of today.
function emptyWindow(overview) {
  const windows = overview.windows;
  if (!windows.length || windows.some((w) => w.episodes) || !overview.last_at) return [];
  const first = localDay(overview.first_at);
  const last = localDay(overview.last_at);
  const phrase = windows.map((w) => `“${w.phrase}”`).join(", ");
  return [h("div", { id: "empty-window", class: "notice", role: "status" },
    h("p", {}, h("strong", {}, `No memories ${windows.length === 1 ? `from ${windowText(windows[0])}` : "in these windows"}.`),
      ` This user's memories run from ${longDay(first)} to ${longDay(last)}.`),
    h("button", { type: "button", class: "quiet", onclick: () => { $("search-now").value = `${last}T23:59`; run(); } },
      `Read ${phrase} as of ${shortDay(last)}, the last memory`))];
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

function renderHits(overview) {
  const result = overview.search;
  const words = terms(result);
  const outside = new Set(overview.outside_window);
  const best = bestOf(result.hits);
  $("search-hits").replaceChildren(...result.hits.map((hit) => {
    const e = hit.episode;
    const who = e.speaker || e.role || e.kind;
    const away = outside.has(e.id);
    return h("li", { class: away ? "hit outside" : "hit", dataset: { episode: e.id } },
      h("header", {},
        h("span", { class: "score", title: "score in [0, 1], higher is better" }, hit.score.toFixed(2)),
        h("span", {}, `${longDay(e.tags.local_date)}, ${localTime(e.tags.local)}`),
        h("span", { class: "badge" }, e.tags.period),
        away ? h("span", { class: "badge outside", title: "not in the time window the query named" },
          "outside the window") : null,
        h("span", { class: "muted" }, who),
        signalChips(hit.signals, best)),
      h("p", {}, highlight(hit.text, words)),
      e.session_id ? h("button", { type: "button", class: "link",
        onclick: () => ctx.goTo("timeline", { day: e.tags.local_date }) },
      `Open ${e.tags.local_date} in the timeline`) : null);
  }));
  if (!result.hits.length) $("search-hits").append(h("li", { class: "muted" }, "Nothing found."));
}

// Each signal's highest value among the hits. A signal that found a hit (a keyword score is
// unbounded, a cosine is not) is shown as a share of it, 1.00 being the best here; a prior
// is in [0, 1] already and is shown as it is.
function bestOf(hits) {
  const best = {};
  for (const hit of hits) {
    for (const [name, value] of Object.entries(hit.signals)) best[name] = Math.max(best[name] ?? 0, value);
  }
  return best;
}

function signalChips(signals, best) {
  return h("span", { class: "chips", "aria-label": "signals" }, Object.entries(signals).map(([name, value]) => {
    const prior = name in PRIORS;
    const shown = prior ? value : best[name] > 0 ? Math.max(0, value) / best[name] : 0;
    const how = prior ? "a prior that scored it, from 0 to 1"
      : `a signal that found it, shown as a share of the best among these results (${best[name].toPrecision(3)} = 1.00)`;
    return h("span", { class: "chip", dataset: { signal: name, raw: String(value) },
      title: `${SIGNAL_HELP[name] || name}: ${value.toPrecision(3)}; ${how}` },
    `${PRIORS[name] || name} ${shown.toFixed(2)}`);
  }));
}

// A question about conversations answered with them: date, what each was about, best turns.
function renderConversations(overview) {
  const words = terms(overview.search);
  $("search-hits").replaceChildren(...overview.conversations.map((c) => h("li",
    { class: "hit conversation", dataset: { session: c.session_id } },
    h("header", {},
      h("strong", { class: "title" }, conversationTitle(c)),
      h("span", {}, `${longDay(c.date)}, ${localTime(c.first_at)}`),
      h("span", { class: "muted" }, plural(c.turns, "turn"))),
    h("p", { class: "about" }, h("span", { class: "badge" }, ABOUT[c.about_source] || c.about_source), " ", c.about),
    h("ul", { class: "best", "aria-label": "its best turns" }, c.best.map((e) => h("li", {},
      h("span", { class: "speaker" }, e.speaker || e.role || e.kind), " ", highlight(e.content, words)))),
    h("button", { type: "button", class: "link",
      onclick: () => ctx.goTo("timeline", { day: c.date, episode: c.best[0]?.id, session: c.session_id }) },
    `Open ${c.date} in the timeline`))));
  if (!overview.conversations.length) $("search-hits").append(h("li", { class: "muted" }, "No conversations in this window."));
}
