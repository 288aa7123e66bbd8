// snippet.hide
import SwiftKryo

@JavaEnum("test.Shade")
enum Shade {
    case light, dark
}
// snippet.show
let linked: OrderedDictionary<String, Int32> = ["z": 1, "a": 2]  // LinkedHashMap, order kept
var sorted = JavaTreeMap<String, Int32>(comparator: .reverse)  // TreeMap(Collections.reverseOrder())
sorted["a"] = 1
let shades: JavaEnumSet<Shade> = [.light, .dark]  // EnumSet (never empty)
let type = JavaClass(name: "java.lang.String")  // String.class
let one = JavaSingletonList("x")  // Collections.singletonList("x")
// snippet.hide
print(linked.count, sorted.count, shades.count, type, one)
