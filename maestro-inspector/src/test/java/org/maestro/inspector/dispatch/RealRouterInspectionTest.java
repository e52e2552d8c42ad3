package org.maestro.inspector.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.embedded.FreePorts;
import org.maestro.common.options.ManagementUrl;
import org.maestro.inspector.Sample;

/**
 * The dispatch inspector against a real Qpid Dispatch router: runs only where {@code qdrouterd} is on the PATH;
 * starts it with the fixture's configuration on a free loopback port.
 */
@EnabledIf("qdrouterdIsInstalled")
class RealRouterInspectionTest {

    static boolean qdrouterdIsInstalled() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String directory : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(directory, "qdrouterd"))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void readsTheFiveDataSetsOfARunningRouter(@TempDir Path work) throws Exception {
        int port = FreePorts.next();
        Path config = work.resolve("qdrouterd.conf");
        try (InputStream template = getClass().getResourceAsStream(
                "/fixtures/qpid-dispatch-1.19.0/qdrouterd-standalone.conf")) {
            String text = new String(template.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("port: 5672", "port: " + port);
            Files.writeString(config, text);
        }
        Process router = new ProcessBuilder("qdrouterd", "-c", config.toString())
                .redirectErrorStream(true).redirectOutput(work.resolve("qdrouterd.log").toFile()).start();
        try {
            awaitListening(port, router, work.resolve("qdrouterd.log"));
            DispatchInspector inspector = new DispatchInspector(ManagementUrl.parse("amqp://127.0.0.1:" + port),
                    Duration.ofSeconds(5));
            inspector.connect();
            assertFalse(inspector.facts().getOrDefault("sut.version", "").isEmpty(), inspector.facts().toString());
            assertEquals("R1", inspector.facts().get("sut.name"));
            Sample first = inspector.poll();
            Sample second = inspector.poll();
            inspector.close();
            assertEquals(List.of(), first.failures());
            assertEquals(List.of(), second.failures());
            for (Sample sample : List.of(first, second)) {
                assertEquals(1, sample.rows(DispatchDataSets.ROUTER).size());
                assertFalse(sample.rows(DispatchDataSets.ALLOCATOR).isEmpty());
                assertTrue(sample.rows(DispatchDataSets.CONNECTIONS).size() >= 1, "our own connection");
                assertTrue(sample.rows(DispatchDataSets.LINKS).stream()
                        .anyMatch(row -> "M0$management".equals(row.get(
                                DispatchDataSets.LINKS.columns().indexOf("owningAddr")))),
                        "the management link is listed");
            }
        } finally {
            router.destroy();
            if (!router.waitFor(10, TimeUnit.SECONDS)) {
                router.destroyForcibly();
            }
        }
    }

    private static void awaitListening(int port, Process router, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!router.isAlive()) {
                throw new AssertionError("qdrouterd exited: " + Files.readString(log));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("qdrouterd did not listen on " + port + " within 20 s: " + Files.readString(log));
    }
}
