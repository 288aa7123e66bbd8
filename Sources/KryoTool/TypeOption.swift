import SwiftKryo

/// `--type`'s class as Java's `Class.getName()` names it, written either way a person finds it:
/// as Java source writes a type (`geo.Point[]`, `int[][]`) or as Java names the class
/// (`[Lgeo.Point;`, what a stack trace or `getName()` prints).
enum TypeOption {
    static func className(_ written: String) throws -> String {
        if written.hasPrefix("[") {
            guard let type = JavaType(className: written), case .array = type else {
                throw ToolError(
                    "--type \(written): not an array class name (expected [I, [Ljava.lang.String; or the source "
                        + "form, String[])")
            }
            return type.className
        }
        do {
            return try JavaType(parsing: written).className
        } catch {
            throw ToolError("--type: \(error)")
        }
    }
}
