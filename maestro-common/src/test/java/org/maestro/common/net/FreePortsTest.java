package org.maestro.common.net;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@link FreePorts} hands out a port a server can then bind on the loopback interface. */
class FreePortsTest {

    @Test
    void givesAPortAServerCanBind() throws Exception {
        int port = FreePorts.next();
        assertTrue(port > 0 && port < 65536, "port " + port);
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertTrue(server.isBound(), "bound " + port);
        }
    }
}
