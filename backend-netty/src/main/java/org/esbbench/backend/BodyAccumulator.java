package org.esbbench.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Collects a request body without copying it: the decoder's slices are retained and chained, and the same
 * buffers are written back as the reply. A body that arrives in one piece (the usual case up to tens of KiB)
 * needs no composite at all.
 */
final class BodyAccumulator {
    private final ByteBufAllocator allocator;
    private ByteBuf body;

    BodyAccumulator(ByteBufAllocator allocator) {
        this.allocator = allocator;
    }

    int size() {
        return body == null ? 0 : body.readableBytes();
    }

    /** Takes a reference to {@code piece}; the caller keeps its own. */
    void add(ByteBuf piece) {
        if (!piece.isReadable()) {
            return;
        }
        if (body == null) {
            body = piece.retain();
        } else if (body instanceof CompositeByteBuf composite) {
            composite.addComponent(true, piece.retain());
        } else {
            // No limit on components: consolidating would copy the whole body.
            CompositeByteBuf composite = allocator.compositeBuffer(Integer.MAX_VALUE);
            composite.addComponent(true, body);
            composite.addComponent(true, piece.retain());
            body = composite;
        }
    }

    /** Hands the body over to the caller, who must release it; the accumulator is empty afterwards. */
    ByteBuf take() {
        ByteBuf taken = body == null ? Unpooled.EMPTY_BUFFER : body;
        body = null;
        return taken;
    }

    void release() {
        if (body != null) {
            body.release();
            body = null;
        }
    }
}
