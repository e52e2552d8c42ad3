package org.maestro.agent.actions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Runs inside a network namespace (started through {@code ip netns exec}): an echo server on the namespace's
 * loopback, and a prober that answers each {@code probe <timeout-ms>} line on stdin with the round trip of a TCP
 * connect plus one echoed byte ({@code rtt <µs>}), or {@code timeout}.
 */
public final class NetnsProbe {

    public static void main(String[] args) throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 50, loopback)) {
            Thread echo = new Thread(() -> serve(server), "echo");
            echo.setDaemon(true);
            echo.start();
            System.out.println("port " + server.getLocalPort());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null) {
                int timeout = Integer.parseInt(line.substring("probe ".length()).trim());
                System.out.println(probe(new InetSocketAddress(loopback, server.getLocalPort()), timeout));
                System.out.flush();
            }
        }
    }

    private static String probe(InetSocketAddress address, int timeoutMillis) {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(address, timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            socket.getOutputStream().write(42);
            socket.getOutputStream().flush();
            int echoed = socket.getInputStream().read();
            return echoed == 42 ? "rtt " + (System.nanoTime() - start) / 1000 : "error echo " + echoed;
        } catch (SocketTimeoutException e) {
            return "timeout";
        } catch (IOException e) {
            return "error " + e.getMessage();
        }
    }

    private static void serve(ServerSocket server) {
        while (true) {
            try {
                Socket socket = server.accept();
                Thread connection = new Thread(() -> echo(socket), "echo-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void echo(Socket socket) {
        try (socket;
                InputStream in = socket.getInputStream();
                OutputStream out = socket.getOutputStream()) {
            int b;
            while ((b = in.read()) >= 0) {
                out.write(b);
                out.flush();
            }
        } catch (IOException e) {
            // the prober closed the connection
        }
    }
}
