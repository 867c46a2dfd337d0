import Foundation

/// The HTML, CSS and JavaScript of the player page, with `{{placeholders}}` for `PlayerPage`
/// to fill.
enum PlayerTemplate {
    /// The page with each `{{key}}` replaced by `values[key]`, in one pass, so that a value
    /// that happens to contain a placeholder stays as it is.
    static func fill(_ values: [String: String]) -> String {
        var out = ""
        var rest = page[...]
        while let start = rest.range(of: "{{") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "}}") else { break }
            let key = String(rest[start.upperBound..<end.lowerBound])
            out += values[key] ?? ""
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    static let page = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="scrim render">
<title>{{title}} · Scrim</title>
<style>
:root { color-scheme: light; --ink: #1c1c1e; --muted: #6e6e73; --line: #d8d8dc; --accent: #0a84ff; }
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
  color: var(--ink); background: #f5f5f7; }
main { display: flex; align-items: flex-start; gap: 24px; padding: 16px; }
#stage { flex: none; line-height: 0; }
#stage svg { display: block; max-width: calc(100vw - 360px); height: auto; }
#stage.hide-labels .label { display: none; }
aside { flex: 1; min-width: 300px; max-width: 760px; }
h1 { font-size: 17px; margin: 0 0 12px; word-break: break-all; }
h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 16px 0 6px; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
button, select { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
button { min-width: 78px; }
#scrubber { width: 100%; margin: 12px 0 4px; }
#position { font-variant-numeric: tabular-nums; color: var(--muted); }
#frame-events { list-style: none; margin: 0; padding: 0; font: 12px/1.5 ui-monospace, monospace; max-height: 40vh; overflow: auto; }
#frame-events li { padding: 1px 4px; border-radius: 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#frame-events li.selected { background: #e5f0ff; }
#frame-events .none { color: var(--muted); font-family: system-ui, sans-serif; }
.keys { color: var(--muted); font-size: 12px; }
kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--line); border-radius: 3px; padding: 0 3px; background: #fff; }
#timeline { margin: 12px 0 0; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; }
.lane { display: flex; align-items: center; height: 22px; }
.lane-name { flex: none; width: 80px; color: var(--muted); font-size: 12px; }
.track { position: relative; flex: 1; height: 16px; border-bottom: 1px solid #eee; cursor: pointer; }
.tick { position: absolute; top: 2px; width: 3px; height: 12px; margin-left: -1px; border-radius: 1px; opacity: .75; }
.tick:hover, .tick.selected { opacity: 1; outline: 2px solid var(--ink); z-index: 1; }
.lifecycle .tick { background: #34c759; }
.transition .tick { background: #0a84ff; }
.interactive .tick { background: #ff9f0a; }
.runtime .tick { background: #ff3b30; }
#cursor { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: var(--ink); pointer-events: none; }
.tracks { position: relative; }
</style>
</head>
<body>
<main>
  <div id="stage" class="{{stageClass}}" aria-label="the screen"></div>
  <svg id="images" width="0" height="0" style="position:absolute" aria-hidden="true"><defs id="image-definitions"></defs></svg>
  <aside>
    <h1>{{title}}</h1>
    <div class="controls">
      <button id="play" type="button">▶ Play</button>
      <label>speed <select id="speed">
        <option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option>
        <option value="1.5">1.5×</option><option value="2">2×</option>
      </select></label>
      <label><input id="labels" type="checkbox"{{labelsChecked}}> view names</label>
    </div>
    <input id="scrubber" type="range" min="0" max="0" value="0" aria-label="frame">
    <div id="position"></div>
    <section id="timeline" aria-label="trace timeline"><div class="tracks" id="tracks"><div id="cursor"></div></div></section>
    <h2>Events in this frame</h2>
    <ol id="frame-events"></ol>
    <p class="keys"><kbd>space</kbd> play / pause · <kbd>←</kbd> <kbd>→</kbd> one frame ·
      <kbd>shift</kbd> ten frames · <kbd>home</kbd> <kbd>end</kbd></p>
  </aside>
</main>
<script type="application/json" id="scrim-data">{{data}}</script>
<script>
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("scrim-data").textContent);
  var frames = data.frames, events = data.events, count = frames.length;

  // The images, defined once for every frame (frames refer to them by id): in the page,
  // and in a frame's own SVG (svg(n)) those it uses, as Scene.svg writes them.
  var images = data.images || {}, imageIDs = Object.keys(images).map(Number).sort(function (a, b) { return a - b; });
  document.getElementById("image-definitions").innerHTML = imageIDs.map(function (id) { return images[id]; }).join("");

  // Each frame's SVG, put together from the stored differences as Scene.svg does.
  var svgs = new Array(count), heads = new Array(count), uses = new Array(count);
  var nodes = new Map(), order = [], head = "", used = [];
  frames.forEach(function (frame, index) {
    if (frame.h !== undefined) head = frame.h;
    if (frame.u) used = frame.u;
    heads[index] = head.length;
    uses[index] = used;
    (frame.d || []).forEach(function (id) { nodes.delete(id); });
    (frame.n || []).forEach(function (node) { nodes.set(node[0], node); });
    if (frame.o) order = frame.o;
    var out = head, open = [];
    order.forEach(function (id) {
      var node = nodes.get(id);
      while (open.length && open[open.length - 1][0] !== node[1]) out += open.pop()[3];
      out += node[2];
      open.push(node);
    });
    while (open.length) out += open.pop()[3];
    svgs[index] = out + data.tail;
  });

  var lanes = [
    ["lifecycle", "lifecycle", /^(loadView|viewDidLoad|viewWillAppear|viewIsAppearing|viewDidAppear|viewWillDisappear|viewDidDisappear|viewWillLayoutSubviews|viewDidLayoutSubviews|willMoveToParent|didMoveToParent|traitCollectionDidChange|viewWillTransitionToSize|didReceiveMemoryWarning|encodeRestorableState|decodeRestorableState|applicationFinishedRestoringState)$/],
    ["interactive", "interactive", /^(startInteractiveTransition|updateInteractiveTransition|pauseInteractiveTransition|finishInteractiveTransition|cancelInteractiveTransition)$/],
    ["runtime", "runtime", /^(presentRejected|scriptError|pluginLoaded|pluginReloaded|pluginReloadFailed|transitionTimedOut)$/],
    ["transition", "transition", /./]
  ];
  function laneOf(name) {
    for (var i = 0; i < lanes.length; i++) if (lanes[i][2].test(name)) return lanes[i][0];
  }
  function describe(e) {
    var args = Object.keys(e.args).map(function (k) { return k + "=" + JSON.stringify(e.args[k]); }).join(" ");
    return e.t.toFixed(3) + "  " + e.event + (e.vc ? " " + e.vc : "") + (args ? " " + args : "") + (e.by ? " by " + e.by : "");
  }

  var stage = document.getElementById("stage"), scrubber = document.getElementById("scrubber");
  var position = document.getElementById("position"), list = document.getElementById("frame-events");
  var playButton = document.getElementById("play"), speedSelect = document.getElementById("speed");
  var tracks = document.getElementById("tracks"), cursor = document.getElementById("cursor");
  scrubber.max = String(Math.max(0, count - 1));

  function fraction(frame) { return count > 1 ? frame / (count - 1) : 0; }
  var byFrame = new Map(), ticks = [];
  ["lifecycle", "transition", "interactive", "runtime"].forEach(function (name) {
    var lane = document.createElement("div");
    lane.className = "lane " + name;
    lane.innerHTML = '<span class="lane-name">' + name + '</span><div class="track" data-lane="' + name + '"></div>';
    tracks.insertBefore(lane, cursor);
  });
  events.forEach(function (entry, index) {
    var e = entry.e, lane = laneOf(e.event);
    if (!byFrame.has(entry.f)) byFrame.set(entry.f, []);
    byFrame.get(entry.f).push(index);
    var tick = document.createElement("div");
    tick.className = "tick";
    tick.style.left = (fraction(entry.f) * 100) + "%";
    tick.title = "frame " + entry.f + ": " + describe(e);
    tick.dataset.index = String(index);
    tracks.querySelector('[data-lane="' + lane + '"]').appendChild(tick);
    ticks.push(tick);
  });

  var current = -1, selected = -1, playing = false, speed = 1, clockTime = 0, last = 0;
  function show(frame, selectEvent) {
    frame = Math.max(0, Math.min(count - 1, frame | 0));
    if (frame !== current) {
      current = frame;
      stage.innerHTML = svgs[frame];
      scrubber.value = String(frame);
      position.textContent = "frame " + frame + " of " + (count - 1) + " · " + frames[frame].t.toFixed(3) + " s";
      var left = tracks.querySelector(".track").offsetLeft;
      cursor.style.left = "calc(" + left + "px + (100% - " + left + "px) * " + fraction(frame) + ")";
      list.innerHTML = "";
      var here = byFrame.get(frame) || [];
      if (!here.length) list.innerHTML = '<li class="none">none</li>';
      here.forEach(function (index) {
        var item = document.createElement("li");
        item.textContent = describe(events[index].e);
        item.dataset.index = String(index);
        list.appendChild(item);
      });
    }
    select(selectEvent === undefined ? -1 : selectEvent);
  }
  function select(index) {
    if (selected >= 0) ticks[selected].classList.remove("selected");
    selected = index;
    list.querySelectorAll("li").forEach(function (li) { li.classList.toggle("selected", li.dataset.index === String(index)); });
    if (index >= 0) ticks[index].classList.add("selected");
  }
  function tick(now) {
    if (!playing) return;
    clockTime += (now - last) / 1000 * speed;
    last = now;
    var frame = current;
    while (frame + 1 < count && frames[frame + 1].t <= clockTime + 1e-9) frame++;
    show(frame);
    if (frame >= count - 1) pause(); else requestAnimationFrame(tick);
  }
  function play() {
    if (count < 2) return;
    if (current >= count - 1) show(0);
    playing = true;
    playButton.textContent = "❚❚ Pause";
    clockTime = frames[current].t;
    last = performance.now();
    requestAnimationFrame(tick);
  }
  function pause() {
    playing = false;
    playButton.textContent = "▶ Play";
  }
  function step(by) { pause(); show(current + by); }

  playButton.addEventListener("click", function () { playing ? pause() : play(); });
  speedSelect.addEventListener("change", function () { speed = parseFloat(speedSelect.value); });
  scrubber.addEventListener("input", function () { pause(); show(parseInt(scrubber.value, 10)); });
  document.getElementById("labels").addEventListener("change", function (event) {
    stage.classList.toggle("hide-labels", !event.target.checked);
  });
  tracks.addEventListener("click", function (event) {
    var target = event.target;
    pause();
    if (target.classList.contains("tick")) {
      var index = parseInt(target.dataset.index, 10);
      show(events[index].f, index);
    } else if (target.classList.contains("track")) {
      var box = target.getBoundingClientRect();
      show(Math.round((event.clientX - box.left) / box.width * (count - 1)));
    }
  });
  list.addEventListener("click", function (event) {
    var index = event.target.dataset && event.target.dataset.index;
    if (index !== undefined) select(parseInt(index, 10));
  });
  document.addEventListener("keydown", function (event) {
    // Controls keep their own keys: the speed menu all, buttons and the checkbox space and
    // return, the scrubber its arrows (which move it and come back here as input).
    var target = event.target, tag = target.tagName;
    if (tag === "SELECT") return;
    if ((tag === "BUTTON" || target.type === "checkbox") && (event.key === " " || event.key === "Enter")) return;
    if (target.type === "range" && event.key !== " ") return;
    var by = event.shiftKey ? 10 : 1;
    if (event.key === " ") { playing ? pause() : play(); }
    else if (event.key === "ArrowRight") step(by);
    else if (event.key === "ArrowLeft") step(-by);
    else if (event.key === "Home") step(-count);
    else if (event.key === "End") step(count);
    else return;
    event.preventDefault();
  });

  // #frame=N or #t=SECONDS opens the page at that frame.
  function fromAddress() {
    var match = /(?:^#|&)(frame|t)=([0-9.]+)/.exec(location.hash);
    if (!match) return 0;
    if (match[1] === "frame") return parseInt(match[2], 10);
    var time = parseFloat(match[2]), frame = 0;
    while (frame + 1 < count && frames[frame + 1].t <= time + 1e-9) frame++;
    return frame;
  }
  window.addEventListener("hashchange", function () { pause(); show(fromAddress()); });
  show(fromAddress());
  window.scrimPlayer = {
    get frame() { return current; }, count: count, show: show, play: play, pause: pause,
    svg: function (frame) {
      var defs = uses[frame].length ? "<defs>" + uses[frame].map(function (id) { return images[id]; }).join("") + "</defs>\n" : "";
      return svgs[frame].slice(0, heads[frame]) + defs + svgs[frame].slice(heads[frame]);
    }
  };
})();
</script>
<script>{{extraScript}}</script>
</body>
</html>

"""#
}
