package org.maestro.common.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;

/**
 * Socket factories that turn Nagle's algorithm off (TCP_NODELAY) on every control connection. With it on, a small
 * MQTT packet sent while the previous one is unacknowledged waits for the peer's delayed ACK (40 ms on Linux), so
 * every request/reply of the control plane took about 95 ms instead of a few.
 */
final class NoDelaySockets {
    private NoDelaySockets() {}

    /** Plain TCP sockets without Nagle. */
    static SocketFactory plain() {
        return new Plain(SocketFactory.getDefault());
    }

    /** TLS sockets without Nagle, from the JVM's default TLS configuration ({@code javax.net.ssl.*} properties). */
    static SocketFactory tls() {
        return new Tls((SSLSocketFactory) SSLSocketFactory.getDefault());
    }

    private static Socket noDelay(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }

    private static final class Plain extends SocketFactory {
        private final SocketFactory delegate;

        Plain(SocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(delegate.createSocket());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress local, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, local, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, local, localPort));
        }
    }

    private static final class Tls extends SSLSocketFactory {
        private final SSLSocketFactory delegate;

        Tls(SSLSocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public String[] getDefaultCipherSuites() {
            return delegate.getDefaultCipherSuites();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return delegate.getSupportedCipherSuites();
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(delegate.createSocket());
        }

        @Override
        public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
            return noDelay(delegate.createSocket(socket, host, port, autoClose));
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress local, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, local, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, local, localPort));
        }
    }
}
