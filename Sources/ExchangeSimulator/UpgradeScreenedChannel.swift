import HummingbirdCore
import Logging
import NIOCore

/// A server's connections with a `DeclinedUpgradeFilter` in front of the HTTP parser of `base`.
struct UpgradeScreenedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(DeclinedUpgradeFilter())
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// A server whose connections are built by `build` and screened by `DeclinedUpgradeFilter`.
    static func upgradeScreened<Base: ServerChildChannel>(
        _ build: @escaping @Sendable (@escaping HTTPChannelHandler.Responder) -> Base
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in UpgradeScreenedChannel(base: build(responder)) }
    }
}
