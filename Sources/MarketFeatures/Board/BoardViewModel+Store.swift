import Logging
public import MarketDomain

/// The board's part in the store: favorites and settings read again when another viewer or copy
/// of Sise changed them, and the effects of inputs that write (stars, sort orders, the tab).
extension BoardViewModel {
    /// Reads the favorites from the store and takes them when another viewer, another running copy
    /// of Sise or `sise favorites` changed them; returns whether they changed. ``run()`` calls it
    /// at each of the store's change signals (``PreferenceStore/changes``), so every copy agrees
    /// within a second.
    @discardableResult
    func reloadStoredFavorites() -> Bool {
        guard let stored = try? store.favorites(board.exchange), stored != state.favorites else { return false }
        state.replaceFavorites(stored)
        isDirty = true
        return true
    }

    /// Reads the board settings from the store and, when another running copy changed them, takes
    /// its sort orders (a preference the person keeps); the tab and the searches stay this copy's
    /// own (what this viewer looks at). Returns whether the orders changed. ``run()`` calls it at
    /// each of the store's change signals.
    @discardableResult
    func reloadStoredSettings() -> Bool {
        guard let stored = try? store.boardSettings(board.exchange), stored != lastStoredSettings else { return false }
        lastStoredSettings = stored
        guard state.adoptOrders(stored.orders) else { return false }
        isDirty = true
        return true
    }

    func perform(_ effect: BoardState.Effect) {
        let exchange = board.exchange
        do {
            switch effect {
            case .saveSettings:
                var saved = state.settings
                if !resumesStoredView {
                    // Only the sort orders: the tab and searches stay the stored viewer's.
                    saved = ((try? store.boardSettings(exchange)) ?? nil) ?? BoardSettings()
                    saved.orders = state.settings.orders
                }
                try store.saveBoardSettings(exchange, saved)
                lastStoredSettings = saved
            case .setFavorite(let id, let isFavorite): try store.setFavorite(exchange, id, isFavorite)
            case .clearFavorites: _ = try store.clearFavorites(exchange)
            }
        } catch {
            logger.error("could not save: \(error)")
            state.showToast("⚠ Could not save: \(error)", now: time())
            showStoredFavorites(after: effect)
        }
    }

    /// After a failed favorites write, the stars shown go back to what the store holds (read
    /// again; when even that fails, the one change is undone): a ★ is never shown unsaved.
    func showStoredFavorites(after effect: BoardState.Effect) {
        switch effect {
        case .saveSettings: return
        case .setFavorite(let id, let isFavorite):
            var undone = state.favorites.filter { $0 != id }
            if !isFavorite { undone.append(id) }
            state.replaceFavorites((try? store.favorites(board.exchange)) ?? undone)
        case .clearFavorites:
            if let stored = try? store.favorites(board.exchange) { state.replaceFavorites(stored) }
        }
        isDirty = true
    }
}
