import Platform
import Synchronization

/// Runs work on a fixed number of threads.
enum Workers {
  /// `body(0)` … `body(count − 1)` on up to `threads` threads at once (at least one), each
  /// thread taking the next index when it is done with one, so the items start in index
  /// order; the results in index order.
  static func map<T: Sendable>(_ count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let next = Mutex(0)
    let results = Mutex<[Int: T]>([:])
    run(max(1, min(threads, count))) { _ in
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < count else { return }
        let result = body(index)
        results.withLock { $0[index] = result }
      }
    }
    let collected = results.withLock { $0 }
    return (0..<count).map { collected[$0]! }
  }

  /// Calls `body(worker)` for every worker from 0 to `count − 1`, each on its own thread, all
  /// at once, and returns when all have returned. Unlike `DispatchQueue.concurrentPerform`,
  /// which never runs more at once than there are cores, `count` threads really run: `--jobs 8`
  /// renders eight files at a time. `body` is `@Sendable`, so the compiler checks everything
  /// the workers share.
  static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
    guard count > 1 else {
      if count == 1 { body(0) }
      return
    }
    withoutActuallyEscaping(body) { body in
      // Every thread is joined, and its reference to `body` released, before this returns.
      var threads: [pthread_t] = []
      for worker in 0..<count {
        let task = Unmanaged.passRetained(WorkerContext(body: body, worker: worker)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        // Art and text shaping recurse modestly; 8 MiB matches the main thread.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        var thread = pthread_t()
        let status = pthread_create(
          &thread, &attributes,
          { context in
            let task = Unmanaged<WorkerContext>.fromOpaque(context!).takeRetainedValue()
            task.body(task.worker)
            return nil
          }, task)
        pthread_attr_destroy(&attributes)
        if status == 0 {
          threads.append(thread)
        } else {
          // No thread: do the work here rather than lose it.
          let task = Unmanaged<WorkerContext>.fromOpaque(task).takeRetainedValue()
          task.body(task.worker)
        }
      }
      for thread in threads { pthread_join(thread, nil) }
    }
  }

  private final class WorkerContext {
    let body: @Sendable (Int) -> Void
    let worker: Int

    init(body: @escaping @Sendable (Int) -> Void, worker: Int) {
      self.body = body
      self.worker = worker
    }
  }
}
