// Small DOM helpers: elements from data (never from HTML strings), dates, toasts.

export const $ = (id) => document.getElementById(id);

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

const DAY = new Intl.DateTimeFormat("en-GB", {
  weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC",
});
const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

const asDate = (isoDay) => new Date(`${isoDay}T12:00:00Z`);
export function longDay(isoDay) {                                     // Sunday 19 May 2024
  const parts = Object.fromEntries(DAY.formatToParts(asDate(isoDay)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}
export const shortDay = (isoDay) => SHORT_DAY.format(asDate(isoDay)); // 19 May 2024
export const monthName = (month) => MONTH.format(asDate(`${month}-15`));

// The local date and time an ISO string with an offset names, without the browser's zone.
export const localDay = (iso) => iso.slice(0, 10);
export const localTime = (iso) => iso.slice(11, 16);

// The local day of the last instant before ``iso`` (an exclusive end), in ``iso``'s own offset.
export function dayBefore(iso) {
  const offset = /([+-])(\d\d):(\d\d)$/.exec(iso);
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(Date.parse(iso) - 1000 + minutes * 60000).toISOString().slice(0, 10);
}

export function shiftMonth(month, delta) {
  const [year, number] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

let toastTimer;
export function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => node.classList.remove("show"), 4000);
}

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// A conversation's name for people: its summary's title, else its day and who spoke.
export function conversationTitle({ title, date, speakers }) {
  if (title) return title;
  const who = speakers && speakers.length ? ` with ${speakers.join(" and ")}` : "";
  return `Conversation of ${shortDay(date)}${who}`;
}
