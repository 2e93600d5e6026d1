"""A frame's identity: a hash of its pixels, the same on both sides.

The Python side hashes its display surface, the port's side the PNG files
the port writes; both go through `pygame.image.tobytes(surface, "RGB")`, so
equal pixels give equal hashes whatever the surfaces' formats.
"""

import hashlib

import pygame


def frame_hash(surface):
    """32 hex digits naming the surface's size and RGB pixels."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(b"%dx%d:" % surface.get_size())
    digest.update(pygame.image.tobytes(surface, "RGB"))
    return digest.hexdigest()
