package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The built distribution, for the integration tests: the tarball and directory that {@code package} made. */
final class Distribution {
    private Distribution() {}

    /** The version being built. */
    static String version() {
        return property("maestro.version");
    }

    /** target/maestro-VERSION.tar.gz. */
    static Path tarball() {
        Path tarball = Path.of(property("maestro.dist.tarball"));
        assertTrue(
                Files.isRegularFile(tarball),
                tarball + " is missing: run 'mvn verify' (the tarball is built in package)");
        return tarball;
    }

    /** target/maestro, the unpacked distribution. */
    static Path directory() {
        Path directory = Path.of(property("maestro.dist.directory"));
        assertTrue(Files.isExecutable(directory.resolve("bin/maestro-cli")), directory + " holds no bin/maestro-cli");
        return directory;
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException("system property " + name + " is not set: run this test through "
                    + "maven-failsafe (mvn verify -pl maestro-dist -am)");
        }
        return value;
    }

    /** Unpacks the tarball with the system's tar into an empty directory and returns the one directory it made. */
    static Path unpack(Path into) throws IOException, InterruptedException {
        try (Stream<Path> before = Files.list(into)) {
            assertEquals(0, before.count(), into + " is not empty");
        }
        CommandRun.Result result = CommandRun.of(
                        List.of("tar", "-xzf", tarball().toString()), into, Map.of())
                .run(Duration.ofSeconds(120));
        assertEquals(0, result.exitCode(), result.toString());
        try (Stream<Path> after = Files.list(into)) {
            List<Path> top = after.toList();
            assertEquals(List.of(into.resolve("maestro-" + version())), top, "the tarball unpacks to one directory");
            return top.get(0);
        }
    }

    /**
     * The environment of a bare machine with only a JRE: the running JVM's java.home as JAVA_HOME, a PATH of system
     * directories (no java on it is needed), a HOME, and none of this shell's MAESTRO_ settings.
     */
    static Map<String, String> bareJreEnvironment(Path home) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("PATH", "/usr/bin:/bin");
        environment.put("HOME", home.toString());
        environment.put("JAVA_HOME", System.getProperty("java.home"));
        environment.put("LANG", "C.UTF-8");
        return environment;
    }
}
