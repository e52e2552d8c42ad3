package org.maestro.client.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.SocketFactory;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.base.net.FreePorts;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * Why a control-plane round trip takes what it takes: one request and its reply over plain Paho clients, as Maestro
 * sends them (QoS 1, each publish awaited), with and without TCP_NODELAY on the clients' sockets, on the embedded
 * Artemis MQTT acceptor (which sets TCP_NODELAY itself) and on Mosquitto with {@code set_tcp_nodelay} off (its
 * default) and on. Small MQTT packets held back by Nagle's algorithm until the delayed ACK of the other side
 * (40 ms on Linux) show up here as round trips of 40–100 ms.
 *
 * <pre>
 * java -cp … org.maestro.client.bench.MqttRoundTripBenchmark [round-trips=100]
 * </pre>
 */
public final class MqttRoundTripBenchmark {

    private MqttRoundTripBenchmark() {}

    /** Makes sockets with TCP_NODELAY set (Paho creates its socket unconnected, then connects it). */
    static final class NoDelaySocketFactory extends SocketFactory {
        @Override
        public Socket createSocket() throws IOException {
            Socket socket = new Socket();
            socket.setTcpNoDelay(true);
            return socket;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return connected(new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return connected(new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return connected(new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return connected(new InetSocketAddress(address, port));
        }

        private Socket connected(InetSocketAddress address) throws IOException {
            Socket socket = createSocket();
            socket.connect(address);
            return socket;
        }
    }

    public static void main(String[] args) throws Exception {
        int roundTrips = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        System.out.printf("%-34s %-16s %9s %9s %9s%n", "broker", "client sockets", "p50 ms", "p99 ms", "max ms");
        try (EmbeddedArtemis artemis =
                EmbeddedArtemis.builder().mqtt().name("round-trip").withoutJmx().start()) {
            for (boolean noDelay : List.of(false, true)) {
                measure("artemis (tcpNoDelay)", "tcp://127.0.0.1:" + artemis.mqttPort(), noDelay, roundTrips);
            }
        }
        for (boolean brokerNoDelay : List.of(false, true)) {
            Process mosquitto = null;
            Path directory = Files.createTempDirectory("maestro-round-trip-");
            try {
                int port = FreePorts.next();
                Files.writeString(
                        directory.resolve("mosquitto.conf"),
                        "listener " + port + " 127.0.0.1\n"
                                + "allow_anonymous true\npersistence false\nset_tcp_nodelay " + brokerNoDelay + "\n");
                mosquitto = new ProcessBuilder(
                                "mosquitto",
                                "-c",
                                directory.resolve("mosquitto.conf").toString())
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve("mosquitto.log").toFile())
                        .start();
                for (boolean noDelay : List.of(false, true)) {
                    measure(
                            "mosquitto set_tcp_nodelay " + brokerNoDelay,
                            "tcp://127.0.0.1:" + port,
                            noDelay,
                            roundTrips);
                }
            } finally {
                if (mosquitto != null) {
                    mosquitto.destroy();
                    mosquitto.waitFor(5, TimeUnit.SECONDS);
                }
            }
        }
    }

    private static MqttAsyncClient connect(String url, String id, boolean noDelay) throws Exception {
        MqttAsyncClient client = new MqttAsyncClient(url, id, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setMaxInflight(1000);
        if (noDelay) {
            options.setSocketFactory(new NoDelaySocketFactory());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) { // a broker process just started may not listen yet
            try {
                client.connect(options).waitForCompletion(10_000);
                return client;
            } catch (MqttException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("cannot connect to " + url + " within 10 s", notYet);
                }
                Thread.sleep(100);
            }
        }
    }

    /** A peer that answers every request on "bench/request" with a reply on "bench/reply"; a client that asks. */
    private static void measure(String broker, String url, boolean noDelay, int roundTrips) throws Exception {
        ExecutorService answering = Executors.newSingleThreadExecutor();
        MqttAsyncClient peer = connect(url, "bench-peer-" + noDelay, noDelay);
        MqttAsyncClient client = connect(url, "bench-client-" + noDelay, noDelay);
        try {
            peer.setCallback(new Callback(message -> answering.submit(() -> {
                MqttMessage reply = new MqttMessage(message.getPayload());
                reply.setQos(1);
                peer.publish("bench/reply", reply).waitForCompletion(10_000);
                return null;
            })));
            peer.subscribe("bench/request", 1).waitForCompletion(10_000);
            BlockingQueue<Long> replies = new LinkedBlockingQueue<>();
            client.setCallback(new Callback(message -> replies.add(System.nanoTime())));
            client.subscribe("bench/reply", 1).waitForCompletion(10_000);
            double[] millis = new double[roundTrips];
            for (int i = 0; i < roundTrips; i++) {
                long begin = System.nanoTime();
                MqttMessage request = new MqttMessage(new byte[48]);
                request.setQos(1);
                client.publish("bench/request", request).waitForCompletion(10_000);
                Long end = replies.poll(10, TimeUnit.SECONDS);
                if (end == null) {
                    throw new IllegalStateException("no reply within 10 s on " + broker);
                }
                millis[i] = (end - begin) / 1_000_000.0;
            }
            java.util.Arrays.sort(millis);
            System.out.printf(
                    "%-34s %-16s %9.2f %9.2f %9.2f%n",
                    broker,
                    noDelay ? "TCP_NODELAY" : "default (Nagle)",
                    OrchestrationBenchmark.percentile(millis, 50),
                    OrchestrationBenchmark.percentile(millis, 99),
                    millis[millis.length - 1]);
        } finally {
            answering.shutdownNow();
            client.disconnect().waitForCompletion(5000);
            peer.disconnect().waitForCompletion(5000);
            client.close();
            peer.close();
        }
    }

    /** Hands every arriving message to a handler. */
    private record Callback(Handler handler) implements MqttCallback {
        interface Handler {
            void arrived(MqttMessage message) throws Exception;
        }

        @Override
        public void connectionLost(Throwable cause) {}

        @Override
        public void messageArrived(String topic, MqttMessage message) throws Exception {
            handler.arrived(message);
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {}
    }
}
