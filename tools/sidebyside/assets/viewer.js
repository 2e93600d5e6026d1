// The frame viewer of a script's page in the comparison report.
//
// The page defines VIEWER (written by tools/sidebyside/report.py):
//   frames:   [[python picture, rust picture, difference], ...] per frame;
//             a picture is an index into `pictures`, -1 when that program
//             had stopped; a difference is an index into `diffs`, -1 when
//             the two frames have the same pixels
//   pictures: [[file, key, x, y], ...]: a whole PNG (key -1), or a patch
//             drawn at (x, y) over the whole picture `key`
//   diffs:    [[file, pixels, [x, y, w, h]], ...]: black where equal
//   start:    the frame to open at (the first difference, or 0)
//   fps:      frames a second when playing
// Opening the page as NAME.html#frame=N starts at frame N instead, and
// NAME.html#frame=N&play starts playing from there.
//
// The body's data attributes say what is shown (data-frame, data-playing)
// and where the three stages are on the page (data-stages, JSON), so that
// a test can read a headless browser's DOM and find them in a screenshot.
(function () {
  "use strict";
  const data = VIEWER;
  const last = data.frames.length - 1;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  const playButton = $("play");
  let frame = 0;
  let timer = null;

  // Shows picture `id` on a stage: its key picture, and its patch on top.
  function showPicture(stage, id) {
    const key = stage.querySelector("img.key");
    const patch = stage.querySelector("img.patch");
    const missing = stage.querySelector(".missing");
    stage.dataset.picture = id;
    if (id < 0) {
      key.hidden = patch.hidden = true;
      missing.hidden = false;
      return;
    }
    missing.hidden = true;
    const [file, keyId, x, y] = data.pictures[id];
    if (keyId < 0) {
      key.src = "pictures/" + file;
      patch.hidden = true;
    } else {
      key.src = "pictures/" + data.pictures[keyId][0];
      patch.src = "pictures/" + file;
      patch.style.left = x + "px";
      patch.style.top = y + "px";
      patch.hidden = false;
    }
    key.hidden = false;
  }

  function showDifference(python, rust, diff) {
    const stage = $("stage-diff");
    const image = stage.querySelector("img.key");
    const caption = $("diff-caption");
    stage.dataset.diff = diff;
    if (python < 0 || rust < 0) {
      image.hidden = true;
      stage.classList.add("nothing");
      caption.textContent = "Difference: only one program drew this frame";
      caption.className = "bad";
      stage.dataset.pixels = "";
    } else if (diff < 0) {
      image.hidden = true;      // the stage itself is black: nothing differs
      stage.classList.remove("nothing");
      caption.textContent = "Difference: none (0 pixels)";
      caption.className = "ok";
      stage.dataset.pixels = "0";
    } else {
      const [file, pixels, box] = data.diffs[diff];
      image.src = "diffs/" + file;
      image.hidden = false;
      stage.classList.remove("nothing");
      const where = box ? ` in x ${box[0]}\u2013${box[0] + box[2] - 1}, y ${box[1]}\u2013${box[1] + box[3] - 1}` : "";
      caption.textContent = `Difference: ${pixels} pixel${pixels === 1 ? "" : "s"}${where}`;
      caption.className = "bad";
      stage.dataset.pixels = String(pixels);
    }
  }

  function show(n) {
    frame = Math.max(0, Math.min(last, n));
    const [python, rust, diff] = data.frames[frame];
    showPicture($("stage-python"), python);
    showPicture($("stage-rust"), rust);
    showDifference(python, rust, diff);
    slider.value = frame;
    $("frame-number").textContent = `frame ${frame} of ${last + 1} (0 to ${last})`;
    document.body.dataset.frame = frame;
  }

  function noteStages() {
    const where = {};
    for (const side of ["python", "rust", "diff"]) {
      const box = $("stage-" + side).getBoundingClientRect();
      where[side] = [Math.round(box.left + scrollX), Math.round(box.top + scrollY)];
    }
    document.body.dataset.stages = JSON.stringify(where);
  }

  function differs(i) {
    const [python, rust, diff] = data.frames[i];
    return diff >= 0 || python < 0 || rust < 0;
  }

  function findDifference(from, step) {
    for (let i = from; i >= 0 && i <= last; i += step) {
      if (differs(i)) return i;
    }
    return -1;
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = "\u25B6 Play";
    document.body.dataset.playing = "no";
  }

  function play() {
    if (frame >= last) show(0);
    playButton.textContent = "\u23F8 Pause";
    document.body.dataset.playing = "yes";
    timer = setInterval(() => {
      if (frame >= last) pause();
      else show(frame + 1);
    }, 1000 / data.fps);
  }

  playButton.addEventListener("click", () => (timer ? pause() : play()));
  $("step-back").addEventListener("click", () => { pause(); show(frame - 1); });
  $("step-on").addEventListener("click", () => { pause(); show(frame + 1); });
  slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  for (const [id, from, step] of [["first-diff", () => 0, 1],
                                  ["prev-diff", () => frame - 1, -1],
                                  ["next-diff", () => frame + 1, 1]]) {
    const button = $(id);
    if (!button) continue;
    button.addEventListener("click", () => {
      const found = findDifference(from(), step);
      if (found >= 0) { pause(); show(found); }
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return;     // the slider has its own arrows
    if (event.key === "ArrowLeft") { pause(); show(frame - 1); }
    else if (event.key === "ArrowRight") { pause(); show(frame + 1); }
    else if (event.key === " ") { event.preventDefault(); timer ? pause() : play(); }
  });

  slider.max = last;
  const asked = /^#frame=(\d+)(&play)?$/.exec(location.hash);
  show(asked ? Number(asked[1]) : data.start);
  pause();
  noteStages();
  addEventListener("resize", noteStages);
  if (asked && asked[2]) play();
})();
