/// Who follows a view model's outputs where they are sent: each observer is called on the main
/// actor right after an output, in the order they were added, so a view there (the terminal, a
/// parent view model) follows without waking a thread. An observer stays until it is removed
/// with the number ``add(_:)`` gave it.
@MainActor
final class OutputObservers {
    private var observers: [(id: Int, call: @MainActor () -> Void)] = []
    private var lastID = 0

    /// Adds an observer; returns its number, for ``remove(_:)``.
    func add(_ observer: @escaping @MainActor () -> Void) -> Int {
        lastID += 1
        observers.append((lastID, observer))
        return lastID
    }

    /// Removes the observer of that number (nothing when it is gone already).
    func remove(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    /// Calls every observer, in order.
    func notify() {
        for observer in observers { observer.call() }
    }
}
