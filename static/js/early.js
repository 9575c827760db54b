/* Runs before the page is first drawn (a blocking script in <head>, tiny and cached for a year): the page knows
   at once that JavaScript is on, so what only JavaScript shows (the key badges, the panel tabs) is laid out from
   the first paint instead of pushing the table down a moment later. */
document.documentElement.classList.add("js");
