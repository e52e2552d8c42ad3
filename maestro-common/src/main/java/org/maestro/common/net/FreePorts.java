package org.maestro.common.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Finds free TCP ports on the loopback interface for servers started by Maestro and its tests. */
public final class FreePorts {
    private FreePorts() {}

    /** A port that was free on 127.0.0.1 a moment ago. */
    public static int next() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on the loopback interface", e);
        }
    }
}
