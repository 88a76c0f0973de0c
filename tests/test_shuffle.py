"""The engine's shuffle is the library's, permutation for permutation."""

import random

import pytest

from solemio.engine.shuffle import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 31, 32, 33, 100, 257])
def test_same_permutation_and_state_as_the_library(length):
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(length)), list(range(length))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.getstate() == theirs.getstate()  # the generator advanced identically


def test_a_generator_subclass_keeps_its_own_shuffle():
    class Fixed(random.Random):
        def shuffle(self, x):
            x.reverse()

    x = [1, 2, 3]
    shuffle(Fixed(1), x)
    assert x == [3, 2, 1]
