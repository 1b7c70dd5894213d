// Inlined into the page's <head> by the build: the first data request goes
// out while the page is still being parsed. A friend game's link opens its
// WebSocket at once (the frames wait in a queue for the app); any other
// screen asks for the finished friend games shown on the home screen.
(function () {
  var boot = (window.ox88Boot = {})
  var m = /^#\/friend\/([A-Za-z0-9]{10})/.exec(location.hash)
  if (m) {
    var id = m[1]
    var token = null
    try { token = localStorage.getItem("ox88-seat-" + id) } catch (e) { /* no storage: join as a newcomer */ }
    var watch = /[?&]watch\b/.test(location.hash)
    var scheme = location.protocol === "https:" ? "wss://" : "ws://"
    var ws = new WebSocket(scheme + location.host + "/api/v1/friend/games/" + id + "/ws")
    var early = (boot.socket = { id: id, ws: ws, queue: [] })
    ws.onopen = function () { ws.send(JSON.stringify({ type: "hello", token: token, sit: !watch })) }
    ws.onmessage = function (e) { early.queue.push(e.data) }
  } else {
    boot.finished = fetch("/api/v1/friend/games?limit=20")
      .then(function (r) { return r.ok ? r.json() : { games: [] } })
      .catch(function () { return { games: [] } })
  }
})()
