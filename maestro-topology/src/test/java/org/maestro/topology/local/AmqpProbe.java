package org.maestro.topology.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.topology.Topology;

/** Test helper: real AMQP traffic through a node URL, and a check that a port accepts connections. */
public final class AmqpProbe {

    private AmqpProbe() {}

    /** Sends {@code text} to {@code sendUrl} and asserts that {@code receiveUrl} receives it. */
    public static void assertCarries(String sendUrl, String receiveUrl, String text) throws Exception {
        assertEquals(text, sendAndReceive(sendUrl, receiveUrl, text));
    }

    /** Sends {@code text} to an address at one node of a topology and asserts that another node delivers it. */
    public static void assertCarries(Topology topology, String fromNode, String toNode, String address, String text)
            throws Exception {
        assertCarries(topology.clientUrl(fromNode, address), topology.clientUrl(toNode, address), text);
    }

    /**
     * Sends {@code text} to {@code sendUrl} ({@code amqp://host:port/address}) and receives one message from
     * {@code receiveUrl}; returns the received text or null when nothing arrived within 10 s.
     * The receiver runs on its own thread: through routers a send is settled only once the
     * receiver has accepted the message, so sending and receiving on one thread would wait forever.
     */
    public static String sendAndReceive(String sendUrl, String receiveUrl, String text) throws Exception {
        URI send = URI.create(sendUrl);
        URI receive = URI.create(receiveUrl);
        ExecutorService receiverThread = Executors.newSingleThreadExecutor();
        try (Connection receiving = connect(receive);
                Connection sending = connect(send)) {
            Session receiveSession = receiving.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = receiveSession.createConsumer(receiveSession.createQueue(address(receive)));
            receiving.start();
            Future<TextMessage> received = receiverThread.submit(() -> (TextMessage) consumer.receive(10_000));
            Session sendSession = sending.createSession(false, Session.AUTO_ACKNOWLEDGE);
            sendSession
                    .createProducer(sendSession.createQueue(address(send)))
                    .send(sendSession.createTextMessage(text));
            TextMessage message = received.get(15, TimeUnit.SECONDS);
            return message == null ? null : message.getText();
        } finally {
            receiverThread.shutdownNow();
        }
    }

    private static Connection connect(URI url) throws Exception {
        return new JmsConnectionFactory("amqp://" + url.getHost() + ":" + url.getPort()
                        + "?jms.connectTimeout=10000&jms.sendTimeout=15000")
                .createConnection();
    }

    private static String address(URI url) {
        return url.getPath().substring(1);
    }

    /** True when something accepts TCP connections at {@code host:port}. */
    public static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
