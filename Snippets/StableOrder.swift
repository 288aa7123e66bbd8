// snippet.hide
import SwiftKryo

let registry = try Registry { Register([String: Int32].self, id: 10) }  // java.util.HashMap
let settings: [String: Int32] = ["width": 640, "height": 480, "depth": 24]
// snippet.show
var options = KryoDialect.v5.defaultOptions
options.stableOrder = true
let bytes = try registry.encode(settings, as: .kryo(.v5), options: options)  // the same bytes in every run
let json = try registry.encode(settings, as: .readable(.prettyJSON))  // stable by default
// snippet.hide
print(bytes.count, json.count)
