package org.maestro.worker.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.options.PayloadFiles;

/** A worker reads payload files only from its payload directory: plain names, no links out, bounded sizes. */
class PayloadDirectoryTest {
    @TempDir
    Path root;

    private Path dir;

    @BeforeEach
    void makePayloadDirectory() throws IOException {
        dir = Files.createDirectories(root.resolve("payloads"));
    }

    @Test
    void readsTheNamedFilesInOrder() throws Exception {
        Files.writeString(dir.resolve("a.json"), "{\"a\":1}");
        Files.write(dir.resolve("b.bin"), new byte[] {0, 1, 2, (byte) 255});
        List<byte[]> contents = PayloadDirectory.of(dir).read(PayloadFiles.parse("b.bin,a.json"), 100);
        assertArrayEquals(new byte[] {0, 1, 2, (byte) 255}, contents.get(0));
        assertArrayEquals("{\"a\":1}".getBytes(), contents.get(1));
    }

    @Test
    void withoutADirectoryEveryFileIsRefusedSayingHowToStartTheWorker() {
        PayloadException error = assertThrows(
                PayloadException.class, () -> PayloadDirectory.NONE.read(PayloadFiles.parse("a.json"), 100));
        assertTrue(error.getMessage().contains("--payload-dir"), error.getMessage());
        assertTrue(error.getMessage().contains("PAYLOAD_FILES=a.json"), error.getMessage());
    }

    @Test
    void aMissingFileIsRefusedNamingItAndTheDirectory() throws Exception {
        PayloadException error = assertThrows(
                PayloadException.class, () -> PayloadDirectory.of(dir).read(PayloadFiles.parse("gone.json"), 100));
        assertTrue(error.getMessage().contains("'gone.json'"), error.getMessage());
        assertTrue(error.getMessage().contains(dir.toString()), error.getMessage());
        assertTrue(error.getMessage().contains("does not exist"), error.getMessage());
    }

    @Test
    void aLinkOutOfTheDirectoryIsRefused() throws Exception {
        Path secret = Files.writeString(root.resolve("secret.txt"), "not for the control broker");
        Files.createSymbolicLink(dir.resolve("innocent.json"), secret);
        Files.createSymbolicLink(dir.resolve("up"), root);
        PayloadException error = assertThrows(
                PayloadException.class, () -> PayloadDirectory.of(dir).read(PayloadFiles.parse("innocent.json"), 100));
        assertTrue(error.getMessage().contains("outside the directory"), error.getMessage());
        assertTrue(error.getMessage().contains("'innocent.json'"), error.getMessage());
        // a link inside the directory to a file inside it is a file of the directory
        Files.writeString(dir.resolve("real.json"), "{}");
        Files.createSymbolicLink(dir.resolve("alias.json"), dir.resolve("real.json"));
        assertArrayEquals(
                "{}".getBytes(),
                PayloadDirectory.of(dir)
                        .read(PayloadFiles.parse("alias.json"), 100)
                        .get(0));
    }

    @Test
    void aNameThatIsAPathIsRefusedEvenWhenItGotPastTheOptionCheck() throws Exception {
        Files.writeString(root.resolve("secret.txt"), "x");
        for (String name : new String[] {"../secret.txt", "..", "sub/../../secret.txt", "/etc/passwd"}) {
            PayloadException error = assertThrows(
                    PayloadException.class,
                    () -> PayloadDirectory.of(dir).read(new PayloadFiles(List.of(name), null), 100),
                    name);
            assertTrue(error.getMessage().contains("not a plain file name"), error.getMessage());
        }
    }

    @Test
    void aFileLargerThanABodyAndADirectoryAreRefused() throws Exception {
        Files.write(dir.resolve("big.bin"), new byte[101]);
        Files.createDirectories(dir.resolve("sub"));
        PayloadException error = assertThrows(
                PayloadException.class, () -> PayloadDirectory.of(dir).read(PayloadFiles.parse("big.bin"), 100));
        assertTrue(error.getMessage().contains("larger than 100 bytes"), error.getMessage());
        error = assertThrows(
                PayloadException.class, () -> PayloadDirectory.of(dir).read(PayloadFiles.parse("sub"), 100));
        assertTrue(error.getMessage().contains("not a regular file"), error.getMessage());
        assertEquals(
                101,
                PayloadDirectory.of(dir)
                        .read(PayloadFiles.parse("big.bin"), 101)
                        .get(0)
                        .length);
    }
}
