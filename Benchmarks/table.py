"""Merges the Swift and Java benchmark TSVs of one sitting into a Markdown table with ratios."""
import os
import sys


def load(path):
    rows = {}
    if not os.path.exists(path):
        return rows
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 5:
            name, median, low, high, size = parts
            rows[name] = (float(median), float(low), float(high), int(size))
    return rows


def ns(value):
    if value >= 1e6:
        return f"{value / 1e6:,.2f} ms"
    if value >= 1e4:
        return f"{value / 1e3:,.1f} µs"
    return f"{value:,.0f} ns"


def main(directory):
    swift = load(os.path.join(directory, "swift.tsv"))
    java = load(os.path.join(directory, "java.tsv"))
    print(f"# SwiftKryo benchmarks — {os.path.basename(directory)}\n")
    print("| operation | Swift median | min – max | bytes | Java Kryo 2.20 | Swift ÷ Java |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (median, low, high, size) in swift.items():
        # The in-line serializers write the field serializer's bytes: Java's field rows are their peer.
        peer = java.get(name) or java.get(name.replace("media.inlined.", "media.field."))
        java_cell = ns(peer[0]) if peer else "–"
        ratio = f"{median / peer[0]:.2f}" if peer else "–"
        print(f"| {name} | {ns(median)} | {ns(low)} – {ns(high)} | {size:,} | {java_cell} | {ratio} |")
    for name, (median, _, _, size) in java.items():
        if name not in swift:
            print(f"| {name} (Java only) | – | – | {size:,} | {ns(median)} | – |")

    def both(table, group):
        encode, decode = table.get(group + "/encode"), table.get(group + "/decode")
        return encode[0] + decode[0] if encode and decode else None

    peers = [("Java Kryo (same settings)", None), ("swift-protobuf", "media.protobuf"),
             ("JSONEncoder/Decoder", "media.json"), ("PropertyListEncoder", "media.plist"),
             ("NSKeyedArchiver", "media.nskeyedarchiver")]
    print("\n## MediaContent: time of each peer ÷ time of SwiftKryo (above 1: SwiftKryo is faster)\n")
    print("| SwiftKryo variant | operation | " + " | ".join(name for name, _ in peers) + " |")
    print("|---|---|" + "---:|" * len(peers))
    for group in ["media.field.refs-off", "media.field.refs-on", "media.inlined.refs-off", "media.inlined.refs-on",
                  "media.manual"]:
        java_group = group.replace("media.inlined.", "media.field.")
        for op in ["encode", "decode"]:
            mine = swift.get(f"{group}/{op}")
            if not mine:
                continue
            cells = []
            for _, peer in peers:
                other = java.get(f"{java_group}/{op}") if peer is None else swift.get(f"{peer}/{op}")
                cells.append(f"{other[0] / mine[0]:.2f}" if other else "–")
            print(f"| {group} | {op} | " + " | ".join(cells) + " |")

    def peer_ratios(title, variant, groups, peers):
        """One table: time of each peer ÷ time of a SwiftKryo backend, per operation."""
        rows = [(group, op, swift.get(f"{group}/{op}")) for group in groups for op in ["encode", "decode"]]
        if not any(row for _, _, row in rows):
            return False
        print(f"\n## {title}\n")
        print(f"| {variant} | operation | bytes | " + " | ".join(name for name, _ in peers) + " |")
        print("|---|---|---:|" + "---:|" * len(peers))
        for group, op, mine in rows:
            if not mine:
                continue
            cells = []
            for _, peer in peers:
                other = swift.get(f"{peer}/{op}")
                cells.append(f"{other[0] / mine[0]:.2f}" if other else "–")
            print(f"| {group} | {op} | {mine[3]:,} | " + " | ".join(cells) + " |")
        return True

    # The keyed-archive backend against Foundation on the same graph: both write binary plists in
    # NSKeyedArchiver's format; the other columns place it among the peers and the Kryo binary.
    keyed_peers = [("NSKeyedArchiver", "media.nskeyedarchiver"), ("PropertyListEncoder", "media.plist"),
                   ("JSONEncoder/Decoder", "media.json"), ("SwiftKryo Kryo binary (refs on)", "media.field.refs-on")]
    if peer_ratios("Keyed archives: time of each peer ÷ time of SwiftKryo's keyed backend "
                   "(above 1: the keyed backend is faster)",
                   "keyed variant", ["media.keyed.binary", "media.keyed.xml"], keyed_peers):
        archiver = swift.get("media.nskeyedarchiver/encode")
        if archiver:
            print(f"\n(NSKeyedArchiver's binary archive of the same graph: {archiver[3]:,} bytes. "
                  "The XML rows compare an XML plist with binary peers.)")

    # The readable backend against Foundation's Codable encoders on the equivalent Codable type.
    readable_peers = [("JSONEncoder/Decoder", "media.json"), ("PropertyListEncoder", "media.plist"),
                      ("SwiftKryo keyed (binary)", "media.keyed.binary")]
    peer_ratios("Readable documents: time of each peer ÷ time of SwiftKryo's readable backend "
                "(above 1: the readable backend is faster)",
                "readable variant", ["media.readable.json", "media.readable.plist-binary", "media.readable.plist-xml"],
                readable_peers)

    print("\n## Targets (issue 3), measured in this sitting\n")
    print("| target | measured | goal | met |")
    print("|---|---:|---:|:---:|")

    def target(label, value, goal, met, shown=None):
        if value is None:
            print(f"| {label} | not measured | {goal} | – |")
        else:
            print(f"| {label} | {shown or f'{value:.2f}'} | {goal} | {'yes' if met(value) else '**no**'} |")

    for group in ["media.field.refs-off", "media.field.refs-on", "media.manual"]:
        mine, theirs = both(swift, group), both(java, group)
        ratio = mine / theirs if mine and theirs else None
        target(f"{group} encode+decode, Swift ÷ Java", ratio, "≤ 1.0 (0.7)", lambda r: r <= 1.0)
    kryo = both(swift, "media.field.refs-off")
    for peer, goal in [("media.protobuf", 4.0), ("media.json", 30.0)]:
        other = both(swift, peer)
        speedup = other / kryo if other and kryo else None
        target(f"{peer} ÷ Kryo field (refs off), encode+decode", speedup, f"≥ {goal:g}×", lambda s, g=goal: s >= g)
    memcpy = swift.get("double-array-10M/memcpy")
    for op in ["encode", "decode"]:
        row = swift.get(f"double-array-10M/{op}")
        share = memcpy[0] / row[0] if memcpy and row else None
        target(f"double[10M] {op}, share of memcpy throughput", share, "≥ 0.25", lambda s: s >= 0.25,
               f"{share:.2%}" if share is not None else None)
    readable, foundation = both(swift, "media.readable.json"), both(swift, "media.json")
    speedup = foundation / readable if readable and foundation else None
    target("JSONEncoder/Decoder ÷ readable JSON, encode+decode (issue 6)", speedup, "> 1× (3×)", lambda s: s > 1.0)
    same = []
    for name in ["media.field.refs-off", "media.field.refs-on", "media.manual"]:
        a = os.path.join(directory, "swift-bytes", name + ".bin")
        b = os.path.join(directory, "java-bytes", name + ".bin")
        if os.path.exists(a) and os.path.exists(b):
            same.append(open(a, "rb").read() == open(b, "rb").read())
    target("MediaContent bytes identical to Java's (3 encodings)", sum(same) if same else None, "3 of 3",
           lambda n: n == 3, f"{sum(same)} of {len(same)}")

    floor_section(swift, java, both)

    graph = os.path.join(directory, "graph-memory.tsv")
    if os.path.exists(graph):
        print("\n## Growth with size: 1 000 000-node graph family (encode + decode, references on)\n")
        print("| nodes | Swift time | ns per node | peak memory added | bytes per node | Java encode + decode |")
        print("|---:|---:|---:|---:|---:|---:|")
        labels = {10000: "10k", 100000: "100k", 1000000: "1M"}
        for line in open(graph):
            _, nodes, _, memory, elapsed, size = line.split("\t")
            nodes, memory, elapsed = int(nodes), int(memory), int(elapsed)
            peer = both(java, f"graph-{labels.get(nodes, '')}")
            print(f"| {nodes:,} | {ns(elapsed)} | {elapsed / nodes:,.0f} | {memory / 1e6:,.1f} MB | "
                  f"{memory / nodes:,.0f} | {ns(peer) if peer else '–'} |")

    stream = os.path.join(directory, "stream.tsv")
    if os.path.exists(stream):
        print("\n## A stream of MediaContent records through a file (references off)\n")
        print("| bytes | records | write | read | write MB/s | read MB/s | peak memory added | after the first 10 MB |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for line in open(stream):
            _, size, records, write, read, peak, early = line.split("\t")
            size, write, read = int(size), int(write), int(read)
            print(f"| {size:,} | {int(records):,} | {ns(write)} | {ns(read)} | {size / write * 1e3:,.0f} | "
                  f"{size / read * 1e3:,.0f} | {int(peak) / 1e6:,.1f} MB | {int(early) / 1e6:,.1f} MB |")


def floor_section(swift, java, both):
    """The model's own cost (media.floor) against the peers: the best ratio any Swift serializer of
    this model could reach, next to what SwiftKryo reaches."""
    floor = {op: swift.get(f"media.floor/{op}") for op in ["encode", "decode"]}
    if not all(floor.values()):
        return
    print("\n## The model's own cost (media.floor): the best any Swift serializer of MediaContent can do\n")
    print("| operation | model floor | Java field (refs off) | Java hand-written | floor ÷ Java field "
          "| floor ÷ Java hand-written | SwiftKryo field (refs off) ÷ floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")

    def ratio(a, b):
        return f"{a / b:.2f}" if a and b else "–"

    for op in ["encode", "decode", "encode+decode"]:
        if op == "encode+decode":
            mine, field = both(swift, "media.floor"), both(java, "media.field.refs-off")
            manual, kryo = both(java, "media.manual"), both(swift, "media.field.refs-off")
        else:
            mine = floor[op][0]
            field, manual, kryo = [(table.get(f"{group}/{op}") or [None])[0] for table, group in
                                   [(java, "media.field.refs-off"), (java, "media.manual"),
                                    (swift, "media.field.refs-off")]]
        print(f"| {op} | {ns(mine)} | {ns(field) if field else '–'} | {ns(manual) if manual else '–'} | "
              f"{ratio(mine, field)} | {ratio(mine, manual)} | {ratio(kryo, mine)} |")
    total = both(swift, "media.floor")
    for peer, goal in [("media.protobuf", 4.0), ("media.json", 30.0)]:
        other = both(swift, peer)
        if other and total:
            print(f"\n{peer} ÷ model floor, encode+decode: {other / total:.2f} (the most any serializer of "
                  f"this model could be faster than {peer}; goal {goal:g}×).", end="")
    print()


if __name__ == "__main__":
    main(sys.argv[1])
