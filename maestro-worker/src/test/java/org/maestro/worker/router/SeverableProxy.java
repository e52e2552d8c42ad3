package org.maestro.worker.router;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on a loopback port in front of another port, which a test can sever (close every connection through it
 * and refuse new ones) and restore: a network outage of one peer, with everything else real. Thread-safe.
 */
public final class SeverableProxy implements AutoCloseable {
    private final int targetPort;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket listener;
    private volatile boolean closed;

    /** Starts forwarding a free loopback port to {@code targetPort} on 127.0.0.1. */
    public SeverableProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        ServerSocket first = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.port = first.getLocalPort();
        listen(first);
    }

    /** The port to connect to instead of the target's. */
    public int port() {
        return port;
    }

    /** Closes every connection through the proxy and refuses new ones until {@link #restore()}. */
    public synchronized void sever() throws IOException {
        ServerSocket current = listener;
        listener = null;
        if (current != null) {
            current.close();
        }
        for (Socket socket : open) {
            socket.close();
        }
        open.clear();
    }

    /** Accepts connections again, on the same port. */
    public synchronized void restore() throws IOException {
        if (listener == null && !closed) {
            ServerSocket again = new ServerSocket();
            again.setReuseAddress(true);
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
            listen(again);
        }
    }

    private void listen(ServerSocket server) {
        listener = server;
        Thread acceptor = new Thread(() -> accept(server), "proxy-accept-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            Socket client = null;
            try {
                client = server.accept();
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                target.setTcpNoDelay(true);
                open.add(client);
                open.add(target);
                pump(client, target);
                pump(target, client);
            } catch (IOException e) {
                // the listener was closed, or the target refused: the client sees its connection end
                if (client != null) {
                    closeQuietly(client);
                }
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[16_384];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        int read;
                        while ((read = in.read(buffer)) >= 0) {
                            out.write(buffer, 0, read);
                        }
                    } catch (IOException e) {
                        // one side closed
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "proxy-pump-" + port);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        sever();
    }
}
