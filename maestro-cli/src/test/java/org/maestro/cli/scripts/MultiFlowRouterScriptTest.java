package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.common.cli.ExitCode;
import org.maestro.testing.RealRouter;

/**
 * {@code test-scripts/MultiFlowRouterTest.groovy} at a short setting across a line of three real routers: the seven
 * senders of both flows on router1, the two receivers on router3; each flow's figures in summary.json against its
 * peers' own files, and every router stopped at the end.
 */
class MultiFlowRouterScriptTest {
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @TempDir
    Path work;

    @Test
    void bothFlowsCrossTheRoutersAndAccountForEveryMessage() throws Exception {
        Path router = RealRouter.require();
        try (EmbeddedCluster cluster = MultiPointPeers.start()) {
            CliProcess run = CliProcess.runScript(
                    "MultiFlowRouterTest.groovy",
                    Map.of("QDROUTERD", router.toString(), "RATE", "50", "TEST_DURATION", "4s", "WARM_UP", "1s"),
                    DEADLINE,
                    work,
                    "--maestro-url",
                    cluster.controlUrl());

            assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
            Map<String, List<Path>> peers = MultiPointPeers.assertEachFlowMatchesItsPeers(
                            work.resolve("results/multi-flow-router"))
                    .peers();
            for (String flow : List.of("first", "second")) {
                for (Path peer : peers.get(flow)) {
                    assertTrue(
                            Files.readString(peer.resolve("test.properties")).contains("closest/multi-flow-" + flow),
                            peer + " uses the address of flow " + flow);
                }
            }

            RouterScriptsTest.assertNoRouterLeft(work);
        }
    }
}
