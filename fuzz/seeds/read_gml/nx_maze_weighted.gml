graph [
  node [
    id 0
    label "(0,0)"
  ]
  node [
    id 1
    label "(0,1)"
  ]
  node [
    id 2
    label "(0,2)"
  ]
  node [
    id 3
    label "(0,3)"
  ]
  node [
    id 4
    label "(0,4)"
  ]
  node [
    id 5
    label "(0,5)"
  ]
  node [
    id 6
    label "(0,6)"
  ]
  node [
    id 7
    label "(0,7)"
  ]
  node [
    id 8
    label "(1,0)"
  ]
  node [
    id 9
    label "(1,1)"
  ]
  node [
    id 10
    label "(1,2)"
  ]
  node [
    id 11
    label "(1,3)"
  ]
  node [
    id 12
    label "(1,4)"
  ]
  node [
    id 13
    label "(1,5)"
  ]
  node [
    id 14
    label "(1,6)"
  ]
  node [
    id 15
    label "(1,7)"
  ]
  node [
    id 16
    label "(2,0)"
  ]
  node [
    id 17
    label "(2,1)"
  ]
  node [
    id 18
    label "(2,2)"
  ]
  node [
    id 19
    label "(2,3)"
  ]
  node [
    id 20
    label "(2,4)"
  ]
  node [
    id 21
    label "(2,5)"
  ]
  node [
    id 22
    label "(2,6)"
  ]
  node [
    id 23
    label "(2,7)"
  ]
  node [
    id 24
    label "(3,0)"
  ]
  node [
    id 25
    label "(3,1)"
  ]
  node [
    id 26
    label "(3,2)"
  ]
  node [
    id 27
    label "(3,3)"
  ]
  node [
    id 28
    label "(3,4)"
  ]
  node [
    id 29
    label "(3,5)"
  ]
  node [
    id 30
    label "(3,6)"
  ]
  node [
    id 31
    label "(3,7)"
  ]
  node [
    id 32
    label "(4,0)"
  ]
  node [
    id 33
    label "(4,1)"
  ]
  node [
    id 34
    label "(4,2)"
  ]
  node [
    id 35
    label "(4,3)"
  ]
  node [
    id 36
    label "(4,4)"
  ]
  node [
    id 37
    label "(4,5)"
  ]
  node [
    id 38
    label "(4,6)"
  ]
  node [
    id 39
    label "(4,7)"
  ]
  node [
    id 40
    label "(5,0)"
  ]
  node [
    id 41
    label "(5,1)"
  ]
  node [
    id 42
    label "(5,2)"
  ]
  node [
    id 43
    label "(5,3)"
  ]
  node [
    id 44
    label "(5,4)"
  ]
  node [
    id 45
    label "(5,5)"
  ]
  node [
    id 46
    label "(5,6)"
  ]
  node [
    id 47
    label "(5,7)"
  ]
  edge [
    source 0
    target 1
    weight 6
  ]
  edge [
    source 0
    target 8
    weight 3
  ]
  edge [
    source 2
    target 10
    weight 7
  ]
  edge [
    source 3
    target 4
    weight 1
  ]
  edge [
    source 3
    target 11
    weight 2
  ]
  edge [
    source 4
    target 5
    weight 9
  ]
  edge [
    source 4
    target 12
    weight 2
  ]
  edge [
    source 6
    target 14
    weight 6
  ]
  edge [
    source 7
    target 15
    weight 1
  ]
  edge [
    source 8
    target 9
    weight 9
  ]
  edge [
    source 9
    target 10
    weight 4
  ]
  edge [
    source 9
    target 17
    weight 1
  ]
  edge [
    source 11
    target 19
    weight 2
  ]
  edge [
    source 13
    target 14
    weight 7
  ]
  edge [
    source 13
    target 21
    weight 7
  ]
  edge [
    source 14
    target 22
    weight 2
  ]
  edge [
    source 15
    target 23
    weight 4
  ]
  edge [
    source 16
    target 17
    weight 2
  ]
  edge [
    source 17
    target 18
    weight 9
  ]
  edge [
    source 17
    target 25
    weight 7
  ]
  edge [
    source 18
    target 19
    weight 1
  ]
  edge [
    source 18
    target 26
    weight 2
  ]
  edge [
    source 19
    target 27
    weight 4
  ]
  edge [
    source 20
    target 28
    weight 1
  ]
  edge [
    source 21
    target 29
    weight 7
  ]
  edge [
    source 22
    target 23
    weight 1
  ]
  edge [
    source 22
    target 30
    weight 4
  ]
  edge [
    source 23
    target 31
    weight 1
  ]
  edge [
    source 24
    target 25
    weight 9
  ]
  edge [
    source 24
    target 32
    weight 3
  ]
  edge [
    source 25
    target 33
    weight 5
  ]
  edge [
    source 26
    target 34
    weight 7
  ]
  edge [
    source 27
    target 28
    weight 3
  ]
  edge [
    source 28
    target 36
    weight 9
  ]
  edge [
    source 31
    target 39
    weight 2
  ]
  edge [
    source 33
    target 41
    weight 5
  ]
  edge [
    source 34
    target 35
    weight 9
  ]
  edge [
    source 36
    target 37
    weight 3
  ]
  edge [
    source 37
    target 38
    weight 2
  ]
  edge [
    source 37
    target 45
    weight 4
  ]
  edge [
    source 38
    target 39
    weight 6
  ]
  edge [
    source 38
    target 46
    weight 2
  ]
  edge [
    source 40
    target 41
    weight 9
  ]
  edge [
    source 41
    target 42
    weight 2
  ]
  edge [
    source 43
    target 44
    weight 1
  ]
  edge [
    source 44
    target 45
    weight 4
  ]
  edge [
    source 46
    target 47
    weight 8
  ]
]
