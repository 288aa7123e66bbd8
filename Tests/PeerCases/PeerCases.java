import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The run the tests' small peer programs share (TaggedNilPeer, HiddenFieldPeer,
 * BindCollectionPeer; compiled with each): for each case, refs and norefs, write DIR/java/CASE.bin
 * (writeClassAndObject of the value), then read DIR/swift/CASE.bin and print PASS, FAIL (with what
 * was read) or MISSING CASE, comparing the values' toString.
 */
public final class PeerCases {
    private PeerCases() {
    }

    public static void run(String directory, Function<Boolean, Kryo> newKryo, Supplier<Object> value)
        throws Exception {
        Path dir = Paths.get(directory);
        Files.createDirectories(dir.resolve("java"));
        for (boolean refs : new boolean[] {true, false}) {
            String name = refs ? "refs" : "norefs";
            try (Output output = new Output(Files.newOutputStream(dir.resolve("java/" + name + ".bin")))) {
                newKryo.apply(refs).writeClassAndObject(output, value.get());
            }
            String expected = String.valueOf(value.get());
            Path swift = dir.resolve("swift/" + name + ".bin");
            if (!Files.exists(swift)) {
                System.out.println("MISSING " + name);
                continue;
            }
            try (Input input = new Input(Files.readAllBytes(swift))) {
                String actual = String.valueOf(newKryo.apply(refs).readClassAndObject(input));
                System.out.println(expected.equals(actual) ? "PASS " + name
                    : "FAIL " + name + ": expected " + expected + " but read " + actual);
            } catch (Throwable error) {
                System.out.println("FAIL " + name + ": " + error);
            }
        }
        System.out.println("DONE");
    }
}
