package org.maestro.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.Test;

/** A broker built to block above a size makes every address block its producers there; others keep paging. */
class BlockAboveTest {

    @Test
    void everyAddressBlocksAboveTheSizeGiven() throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.builder()
                .amqp()
                .withoutJmx()
                .blockAbove(1024 * 1024)
                .start()) {
            AddressSettings settings =
                    broker.server().getAddressSettingsRepository().getMatch("bench.any.queue");
            assertEquals(1024 * 1024, settings.getMaxSizeBytes());
            assertEquals(AddressFullMessagePolicy.BLOCK, settings.getAddressFullMessagePolicy());
        }
        try (EmbeddedArtemis broker =
                EmbeddedArtemis.builder().amqp().withoutJmx().start()) {
            AddressSettings settings =
                    broker.server().getAddressSettingsRepository().getMatch("bench.any.queue");
            assertNotEquals(AddressFullMessagePolicy.BLOCK, settings.getAddressFullMessagePolicy());
        }
    }
}
