// "On this day" on the home page: the entries written on the reader's today in earlier years.
// Decided here, in the reader's browser and by its clock, so a static site is right on any day
// without a rebuild. The build writes one small file per calendar day that has entries
// (on-this-day/MM-DD.json) and tells the page which days have one (data-days: a bit per day of
// a leap year, as hexadecimal digits), so only a file that exists is asked for. When it is done
// (cards shown, or nothing to show) the section gets a `data-ready` attribute.
(function () {
  "use strict";

  var section = document.querySelector("[data-on-this-day]");
  if (!section || !window.fetch) return;

  // Days before the first of each month in a leap year.
  var monthStarts = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

  function hasFile(month, day) {
    var position = monthStarts[month - 1] + day - 1;
    var digit = parseInt(section.getAttribute("data-days").charAt(position >> 2), 16);
    return (digit & (8 >> (position & 3))) !== 0;
  }

  function pad(number) {
    return (number < 10 ? "0" : "") + number;
  }

  function isLeap(year) {
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  }

  // "{n} year ago|{n} years ago": the form before "|" for 1, the other otherwise.
  function yearsAgo(count) {
    var forms = section.getAttribute("data-years-ago").split("|");
    var form = count === 1 || forms.length === 1 ? forms[0] : forms[1];
    return form.replace("{n}", String(count));
  }

  function card(entry, emotion, thisYear) {
    var template = section.querySelector("[data-on-this-day-card]");
    var node = template.content.firstElementChild.cloneNode(true);
    function slot(name) { return node.querySelector('[data-slot="' + name + '"]'); }
    node.style.setProperty("--emotion", emotion.color);
    slot("title").href = entry.url;
    var when = document.createElement("time");
    when.dateTime = entry.datetime;
    when.textContent = entry.when;
    if (entry.untitled) {
      // Titled by its date, as the theme's cards are: the meta line does not say it again.
      slot("title").appendChild(when);
      slot("when").parentNode.replaceChildren(slot("ago"));
    } else {
      slot("title").textContent = entry.title;
      slot("when").replaceWith(when);
    }
    slot("ago").textContent = yearsAgo(thisYear - entry.year);
    slot("emotion").href = emotion.url;
    slot("emotion").style.setProperty("--emotion", emotion.color);
    slot("emoji").textContent = emotion.emoji;
    slot("label").textContent = emotion.label;
    if (entry.excerpt) {
      slot("excerpt").textContent = entry.excerpt;
    } else {
      slot("excerpt").remove();
    }
    return node;
  }

  // `files`: the day files read, each {emotions: {id: emotion}, entries: [...]}.
  function show(files, thisYear) {
    var earlier = [];
    section.setAttribute("data-ready", "");
    files.forEach(function (file) {
      file.entries.forEach(function (entry) {
        // The year the entry was written in, where it was written (its date is in the diary's timezone).
        entry.year = parseInt(entry.datetime.slice(0, 4), 10);
        if (entry.year < thisYear) earlier.push({ entry: entry, emotion: file.emotions[entry.emotion] });
      });
    });
    if (earlier.length === 0) return;
    // Newest first; 29 February's entries among the 28th's by year.
    earlier.sort(function (a, b) {
      return a.entry.datetime < b.entry.datetime ? 1 : a.entry.datetime > b.entry.datetime ? -1 : 0;
    });
    var list = section.querySelector("[data-on-this-day-cards]");
    earlier.forEach(function (item) { list.appendChild(card(item.entry, item.emotion, thisYear)); });
    section.hidden = false;
  }

  var today = new Date();
  var year = today.getFullYear();
  var month = today.getMonth() + 1;
  var day = today.getDate();
  var days = [[month, day]];
  // In a year without 29 February, its entries come back on the 28th.
  if (month === 2 && day === 28 && !isLeap(year)) days.push([2, 29]);
  var base = section.getAttribute("data-files");
  var requests = days.filter(function (d) { return hasFile(d[0], d[1]); }).map(function (d) {
    return fetch(base + pad(d[0]) + "-" + pad(d[1]) + ".json").then(function (response) {
      if (!response.ok) throw new Error(response.status + " " + response.url);
      return response.json();
    });
  });
  Promise.all(requests).then(function (files) {
    show(files, year);
  }).catch(function () {
    // The section stays hidden: the rest of the page does not depend on it.
    section.setAttribute("data-ready", "");
  });
})();
