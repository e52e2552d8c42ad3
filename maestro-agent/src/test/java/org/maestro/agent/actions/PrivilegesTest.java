package org.maestro.agent.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the agent reads whether it may change the network (CAP_NET_ADMIN) from the process's status. */
class PrivilegesTest {

    @Test
    void readsCapNetAdminFromTheEffectiveSet(@TempDir Path temp) throws Exception {
        Path withIt = Files.writeString(temp.resolve("with"), "Name:\tjava\nCapEff:\t0000000000001000\n");
        Path without = Files.writeString(temp.resolve("without"), "Name:\tjava\nCapEff:\t0000000000000fff\n");
        assertTrue(Privileges.hasNetAdmin(withIt));
        assertFalse(Privileges.hasNetAdmin(without));
        assertFalse(Privileges.hasNetAdmin(temp.resolve("missing")));
    }

    @Test
    void agreesWithThisProcessesOwnStatus() throws Exception {
        String effective = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(line -> line.startsWith("CapEff:"))
                .findFirst()
                .orElseThrow()
                .substring(7)
                .trim();
        boolean expected = (Long.parseUnsignedLong(effective, 16) >> 12 & 1) == 1;
        assertEquals(expected, Privileges.hasNetAdmin());
    }
}
