package org.maestro.inspector.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.Sample;
import org.maestro.testing.RealRouter;

/**
 * The dispatch inspector against a real Qpid Dispatch router started with the fixture's configuration on a free
 * loopback port (see {@link RealRouter} for where the router comes from).
 */
class RealRouterInspectionTest {

    @Test
    void readsTheFiveDataSetsOfARunningRouter(@TempDir Path work) throws Exception {
        int port = FreePorts.next();
        String text;
        try (InputStream template =
                getClass().getResourceAsStream("/fixtures/qpid-dispatch-1.19.0/qdrouterd-standalone.conf")) {
            text = new String(template.readAllBytes(), StandardCharsets.UTF_8).replace("port: 5672", "port: " + port);
        }
        try (RealRouter router = RealRouter.start(work, text, port)) {
            DispatchInspector inspector =
                    new DispatchInspector(ManagementUrl.parse(router.url()), Duration.ofSeconds(5));
            inspector.connect();
            assertFalse(
                    inspector.facts().getOrDefault("sut.version", "").isEmpty(),
                    inspector.facts().toString());
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
                assertTrue(
                        sample.rows(DispatchDataSets.LINKS).stream()
                                .anyMatch(row -> "M0$management"
                                        .equals(row.get(
                                                DispatchDataSets.LINKS.columns().indexOf("owningAddr")))),
                        "the management link is listed");
            }
        }
    }
}
