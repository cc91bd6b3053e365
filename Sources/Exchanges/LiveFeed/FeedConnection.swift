/// One open socket as the live feed sees it: the frames that arrive and a way to send text.
/// The WebSocket connector provides the real one; tests script their own.
public struct FeedConnection: Sendable {
    /// Every frame's payload (binary or text) in arrival order; ends when the socket closes.
    public var frames: AsyncThrowingStream<[UInt8], any Error>
    /// Sends a text frame.
    public var send: @Sendable (String) async throws -> Void

    /// Makes a connection from its frames and its sender.
    public init(
        frames: AsyncThrowingStream<[UInt8], any Error>, send: @escaping @Sendable (String) async throws -> Void
    ) {
        self.frames = frames
        self.send = send
    }
}

/// Opens connections: `connect` opens one, runs `session` while it is open and returns (or
/// throws) when it closes. Returning from `session` closes the socket.
public struct FeedConnector: Sendable {
    /// Opens a connection and runs `session` on it.
    public var connect:
        @Sendable (_ session: @escaping @Sendable (FeedConnection) async throws -> Void) async throws -> Void

    /// Makes a connector.
    public init(
        connect:
            @escaping @Sendable (_ session: @escaping @Sendable (FeedConnection) async throws -> Void) async throws ->
            Void
    ) {
        self.connect = connect
    }
}
