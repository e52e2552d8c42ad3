package org.maestro.base.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds free TCP ports on the loopback interface for servers started by Maestro and its tests. A port is chosen
 * before its server binds it, and the kernel may give the same probed port again meanwhile; so a port is handed out
 * at most once per JVM, and two servers chosen in turn never get the same one.
 */
public final class FreePorts {
    /** How many ports the kernel may give that were handed out already before giving up. */
    private static final int ATTEMPTS = 100;

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {}

    /** A port that was free on 127.0.0.1 a moment ago and that this JVM has not handed out before. */
    public static int next() {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = probe();
            if (HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("the loopback interface gave " + ATTEMPTS + " ports in a row that this "
                + "process had handed out already; free some ports or widen net.ipv4.ip_local_port_range");
    }

    private static int probe() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on the loopback interface", e);
        }
    }
}
