package org.maestro.worker.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The bare kafka-clients side of {@code bench/kafka.sh}, in a JVM of its own: per connection one thread with one
 * producer ({@code acks=all}, a send callback counting acknowledgements, as the Maestro sender has) writing 256-byte
 * records on the same fixed timeline as a Maestro sender (or as fast as it can), the intended send time in the
 * first 8 bytes, and one consumer of a group of its own recording receive − intended for the records intended in
 * the measured window. Prints a {@code RESULT} line like {@link LoadGeneratorBenchmark}.
 *
 * <pre>
 * KafkaBareLoop &lt;port&gt; &lt;connections&gt; &lt;rate per connection, 0 = unbounded&gt; &lt;warmUp s&gt; &lt;seconds&gt;
 * </pre>
 */
public final class KafkaBareLoop {
    private static final int SIZE = 256;

    private KafkaBareLoop() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: KafkaBareLoop <port> <connections> <rate per connection, 0 = unbounded> "
                    + "<warm-up s> <measured s>");
            System.exit(2);
        }
        String bootstrap = "127.0.0.1:" + Integer.parseInt(args[0]);
        int connections = Integer.parseInt(args[1]);
        int rate = Integer.parseInt(args[2]);
        int warmUp = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        String topic = "bench.bare-kafka." + connections + "." + rate + "." + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        long cpuBefore = CpuWindow.processCpuNanos();
        Recorder recorder = new Recorder(3_600_000_000L, 3);
        AtomicLong received = new AtomicLong();
        AtomicLong sent = new AtomicLong();
        AtomicLong acknowledged = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong windowStart = new AtomicLong(Long.MAX_VALUE);
        AtomicLong windowEnd = new AtomicLong(Long.MAX_VALUE);
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG,
                "bench-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
        consumer.subscribe(List.of(topic));
        Thread polling = new Thread(
                () -> {
                    while (!stop.get()) {
                        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                            long now = BareStamp.nowMicros();
                            long intended = BareStamp.get(record.value());
                            if (intended >= windowStart.get() && intended < windowEnd.get()) {
                                recorder.recordValue(Math.max(0, now - intended));
                            }
                            received.incrementAndGet();
                        }
                    }
                    consumer.close();
                },
                "bare-consumer");
        polling.start();
        List<KafkaProducer<byte[], byte[]>> producers = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            producers.add(new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    bootstrap,
                    ProducerConfig.ACKS_CONFIG,
                    "all",
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                    ByteArraySerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    ByteArraySerializer.class)));
        }
        long start = BareStamp.nowMicros();
        long end = start + (warmUp + seconds) * 1_000_000L;
        windowEnd.set(end);
        windowStart.set(start + warmUp * 1_000_000L);
        List<Thread> threads = new ArrayList<>();
        for (KafkaProducer<byte[], byte[]> producer : producers) {
            Thread thread = new Thread(
                    () -> {
                        for (long n = 0; ; n++) {
                            long intended = BareStamp.intended(start, rate, n);
                            if (intended >= end) {
                                break;
                            }
                            BareStamp.awaitTime(intended);
                            byte[] body = new byte[SIZE];
                            BareStamp.put(body, intended);
                            producer.send(
                                    new ProducerRecord<>(topic, body), (metadata, e) -> acknowledged.incrementAndGet());
                            sent.incrementAndGet();
                        }
                    },
                    "bare-producer-" + threads.size());
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join((warmUp + seconds + 60) * 1000L);
        }
        producers.forEach(KafkaProducer::close);
        QuietDrain.await(received);
        stop.set(true);
        polling.join(10_000);
        long cpu = CpuWindow.processCpuNanos() - cpuBefore;
        System.out.println(ResultLine.of(
                        "bare-kafka", connections, rate, seconds, recorder.getIntervalHistogram(), sent.get(), cpu)
                + " acknowledged=" + acknowledged.get() + " received=" + received.get());
        System.exit(0);
    }
}
