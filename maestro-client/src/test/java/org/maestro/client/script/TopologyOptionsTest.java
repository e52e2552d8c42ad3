package org.maestro.client.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.TestDefinition;
import org.maestro.topology.Topology;

/** The options of maestro.topology: agentPerRouter reaches the launcher; anything else is a usage error. */
class TopologyOptionsTest {
    private final Maestro maestro = new Maestro(null, name -> null, new TestDefinition(), null);

    @TempDir
    Path work;

    @Test
    void agentPerRouterReachesTheLauncherAndIsOffByDefault() throws Exception {
        Path description = Files.writeString(work.resolve("line.yaml"), "nodes: []\n");
        List<Boolean> asked = new ArrayList<>();
        maestro.startTopologiesWith(new TopologyStarter() {
            @Override
            public boolean isDescription(Path file) {
                return true;
            }

            @Override
            public Topology start(Path file) {
                return start(file, false);
            }

            @Override
            public Topology start(Path file, boolean agentPerRouter) {
                asked.add(agentPerRouter);
                return new Topology("line", List.of());
            }
        });

        maestro.topology(Map.of("agentPerRouter", true), description.toString());
        maestro.topology(Map.of("agentPerRouter", "false"), description.toString());
        maestro.topology(description.toString());

        assertEquals(List.of(true, false, false), asked);
    }

    @Test
    void anUnknownOptionIsAUsageErrorNamingTheOneThereIs() {
        MaestroException refused = assertThrows(
                MaestroException.class, () -> maestro.topology(Map.of("agentsPerRouter", true), "line.yaml"));

        assertEquals(2, refused.exitCode().code());
        assertEquals(
                "maestro.topology has no option 'agentsPerRouter'; the only one is agentPerRouter, e.g."
                        + " maestro.topology(\"line-3-routers.yaml\", agentPerRouter: true)",
                refused.getMessage());
    }

    @Test
    void aValueThatIsNotTrueOrFalseIsAUsageErrorWithAnExample() {
        MaestroException refused = assertThrows(
                MaestroException.class, () -> maestro.topology(Map.of("agentPerRouter", "yes"), "line.yaml"));

        assertEquals(2, refused.exitCode().code());
        assertEquals(
                "maestro.topology option agentPerRouter is 'yes': write true or false, e.g."
                        + " maestro.topology(\"line-3-routers.yaml\", agentPerRouter: true)",
                refused.getMessage());
    }
}
