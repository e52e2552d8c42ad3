package org.maestro.cli.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The metrics server listens on this host only unless told otherwise. */
class MetricsServerBindTest {

    @Test
    void byDefaultItAnswersOnLoopbackAndNotOnTheHostsOtherAddresses() throws IOException {
        Optional<InetAddress> outside = nonLoopbackAddress();
        assumeTrue(outside.isPresent(), "this host has no address but loopback: nothing to compare with");
        try (MetricsServer server = MetricsServer.start(MetricsServer.DEFAULT_HOST, 0)) {
            assertEquals("127.0.0.1", MetricsServer.DEFAULT_HOST);
            try (Socket local = connect(InetAddress.getLoopbackAddress(), server.port())) {
                assertEquals(server.port(), local.getPort());
            }
            assertThrows(
                    IOException.class,
                    () -> connect(outside.get(), server.port()).close(),
                    "the metrics are not served on " + outside.get().getHostAddress());
        }
    }

    @Test
    void onEveryInterfaceWhenToldSo() throws IOException {
        Optional<InetAddress> outside = nonLoopbackAddress();
        assumeTrue(outside.isPresent(), "this host has no address but loopback: nothing to compare with");
        try (MetricsServer server = MetricsServer.start("0.0.0.0", 0);
                Socket remote = connect(outside.get(), server.port())) {
            assertEquals(server.port(), remote.getPort());
        }
    }

    private static Socket connect(InetAddress address, int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(address, port), 2000);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .filter(network -> {
                    try {
                        return network.isUp() && !network.isLoopback();
                    } catch (SocketException e) {
                        return false;
                    }
                })
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst();
    }
}
