// What the boot script (boot.js, inlined in the page's head) leaves for the
// app: a friend game's WebSocket opened early, or the finished games asked.
interface Window {
  ox88Boot?: {
    socket?: { id: string; ws: WebSocket; queue: string[] } | null
    finished?: Promise<{ games: import("./home-state.js").FinishedGame[] }> | null
  }
}
