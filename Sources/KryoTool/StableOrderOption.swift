import ArgumentParser
import SwiftKryo

/// `kryo convert --[no-]stable-order`: ``SerializationOptions/stableOrder`` for the output.
struct StableOrderOption: ParsableArguments {
    @Flag(
        name: .customLong("stable-order"), inversion: .prefixedNo,
        help:
            "Write maps and sets (Java's HashMap and HashSet) sorted by key, whatever order the input had them in, so that equal values give equal output (default: in the input's order, which converts back byte for byte)."
    )
    var stableOrder: Bool?

    /// `context` with the flag applied to its options.
    func applied(to context: ConversionContext) -> ConversionContext {
        var context = context
        context.options.stableOrder = stableOrder
        return context
    }
}
