import Synchronization

/// The tasks one object starts (a view model's timers and requests, a feed's connection), so
/// that none runs unowned. A task is started under a name: ``replace(_:_:)`` cancels the tasks
/// of that name first (a debounce, a timer), ``add(_:_:)`` keeps them (several loads at once).
/// ``cancel(_:)`` stops one name, ``cancelAll()`` every task, and releasing the owner cancels
/// what is left. Every task prefers the owner's executor: the shared pool by default, or an
/// executor a test drains itself so that nothing of the object runs behind its back.
public final class TaskOwner: Sendable {
    /// Where the tasks run; `nil` is the shared pool.
    public let executor: (any TaskExecutor)?

    private struct Running {
        var nextID = 0
        var byName: [String: [Int: Task<Void, Never>]] = [:]
    }

    private let running = Mutex(Running())

    /// An owner whose tasks run on `executor` (the shared pool when `nil`).
    public init(executor: (any TaskExecutor)? = nil) {
        self.executor = executor
    }

    deinit {
        cancelAll()
    }

    /// Starts `operation` under `name`, cancelling the tasks already running under it.
    @discardableResult
    public func replace(
        _ name: String, _ operation: @escaping @Sendable @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        cancel(name)
        return add(name, operation)
    }

    /// Starts `operation` under `name` beside the tasks already running under it.
    @discardableResult
    public func add(
        _ name: String, _ operation: @escaping @Sendable @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        // The task is registered before it can run, so a task that ends at once still finds its entry to remove.
        running.withLock { running in
            let id = running.nextID
            running.nextID += 1
            let task = Task(executorPreference: executor) { [weak self] in
                await operation()
                self?.finished(name, id: id)
            }
            running.byName[name, default: [:]][id] = task
            return task
        }
    }

    /// Whether any task under `name` is still running.
    public func isRunning(_ name: String) -> Bool {
        running.withLock { !($0.byName[name]?.isEmpty ?? true) }
    }

    /// Cancels the tasks under `name`.
    public func cancel(_ name: String) {
        let tasks = running.withLock { $0.byName.removeValue(forKey: name) } ?? [:]
        for task in tasks.values { task.cancel() }
    }

    /// Cancels every task.
    public func cancelAll() {
        let tasks = running.withLock { running in
            defer { running.byName = [:] }
            return running.byName.values.flatMap(\.values)
        }
        for task in tasks { task.cancel() }
    }

    private func finished(_ name: String, id: Int) {
        running.withLock { running in
            running.byName[name]?[id] = nil
            if running.byName[name]?.isEmpty == true { running.byName[name] = nil }
        }
    }
}
