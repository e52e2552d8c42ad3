package org.maestro.base.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link FreePorts} hands out a port a server can then bind on the loopback interface, never twice in one JVM. */
class FreePortsTest {

    @Test
    void givesAPortAServerCanBind() throws Exception {
        int port = FreePorts.next();
        assertTrue(port > 0 && port < 65536, "port " + port);
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertTrue(server.isBound(), "bound " + port);
        }
    }

    @Test
    void neverHandsOutTheSamePortTwiceInOneJvm() {
        // the kernel gives a probed and closed port again now and then: 3,000 draws make that all but certain
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 3_000; i++) {
            ports.add(FreePorts.next());
        }
        assertEquals(3_000, ports.size(), "every port handed out once");
    }
}
