graph [
  directed 0
  shape "7,7,7"
  start "(0,1,1)"
  goal "(6,5,5)"
  node [
    id 0
    label "(0,1,1)"
  ]
  node [
    id 1
    label "(1,1,1)"
  ]
  node [
    id 2
    label "(1,1,3)"
  ]
  node [
    id 3
    label "(1,1,5)"
  ]
  node [
    id 4
    label "(1,2,1)"
  ]
  node [
    id 5
    label "(1,2,3)"
  ]
  node [
    id 6
    label "(1,2,5)"
  ]
  node [
    id 7
    label "(1,3,1)"
  ]
  node [
    id 8
    label "(1,3,3)"
  ]
  node [
    id 9
    label "(1,3,5)"
  ]
  node [
    id 10
    label "(1,4,5)"
  ]
  node [
    id 11
    label "(1,5,1)"
  ]
  node [
    id 12
    label "(1,5,2)"
  ]
  node [
    id 13
    label "(1,5,3)"
  ]
  node [
    id 14
    label "(1,5,4)"
  ]
  node [
    id 15
    label "(1,5,5)"
  ]
  node [
    id 16
    label "(2,1,3)"
  ]
  node [
    id 17
    label "(2,1,5)"
  ]
  node [
    id 18
    label "(2,3,1)"
  ]
  node [
    id 19
    label "(2,3,3)"
  ]
  node [
    id 20
    label "(2,5,5)"
  ]
  node [
    id 21
    label "(3,1,1)"
  ]
  node [
    id 22
    label "(3,1,2)"
  ]
  node [
    id 23
    label "(3,1,3)"
  ]
  node [
    id 24
    label "(3,1,5)"
  ]
  node [
    id 25
    label "(3,3,1)"
  ]
  node [
    id 26
    label "(3,3,2)"
  ]
  node [
    id 27
    label "(3,3,3)"
  ]
  node [
    id 28
    label "(3,3,5)"
  ]
  node [
    id 29
    label "(3,4,5)"
  ]
  node [
    id 30
    label "(3,5,1)"
  ]
  node [
    id 31
    label "(3,5,2)"
  ]
  node [
    id 32
    label "(3,5,3)"
  ]
  node [
    id 33
    label "(3,5,5)"
  ]
  node [
    id 34
    label "(4,1,1)"
  ]
  node [
    id 35
    label "(4,3,5)"
  ]
  node [
    id 36
    label "(4,5,1)"
  ]
  node [
    id 37
    label "(4,5,3)"
  ]
  node [
    id 38
    label "(4,5,5)"
  ]
  node [
    id 39
    label "(5,1,1)"
  ]
  node [
    id 40
    label "(5,1,3)"
  ]
  node [
    id 41
    label "(5,1,4)"
  ]
  node [
    id 42
    label "(5,1,5)"
  ]
  node [
    id 43
    label "(5,2,1)"
  ]
  node [
    id 44
    label "(5,2,3)"
  ]
  node [
    id 45
    label "(5,2,5)"
  ]
  node [
    id 46
    label "(5,3,1)"
  ]
  node [
    id 47
    label "(5,3,3)"
  ]
  node [
    id 48
    label "(5,3,5)"
  ]
  node [
    id 49
    label "(5,4,1)"
  ]
  node [
    id 50
    label "(5,4,3)"
  ]
  node [
    id 51
    label "(5,5,1)"
  ]
  node [
    id 52
    label "(5,5,3)"
  ]
  node [
    id 53
    label "(5,5,5)"
  ]
  node [
    id 54
    label "(6,5,5)"
  ]
  edge [
    source 0
    target 1
  ]
  edge [
    source 1
    target 4
  ]
  edge [
    source 1
    target 53
  ]
  edge [
    source 2
    target 5
  ]
  edge [
    source 2
    target 16
  ]
  edge [
    source 3
    target 6
  ]
  edge [
    source 3
    target 17
  ]
  edge [
    source 4
    target 7
  ]
  edge [
    source 5
    target 8
  ]
  edge [
    source 6
    target 9
  ]
  edge [
    source 7
    target 18
  ]
  edge [
    source 8
    target 19
  ]
  edge [
    source 9
    target 10
  ]
  edge [
    source 10
    target 15
  ]
  edge [
    source 11
    target 12
  ]
  edge [
    source 12
    target 13
  ]
  edge [
    source 13
    target 14
  ]
  edge [
    source 14
    target 15
  ]
  edge [
    source 15
    target 20
  ]
  edge [
    source 16
    target 23
  ]
  edge [
    source 17
    target 24
  ]
  edge [
    source 18
    target 25
  ]
  edge [
    source 19
    target 27
  ]
  edge [
    source 20
    target 33
  ]
  edge [
    source 21
    target 22
  ]
  edge [
    source 21
    target 34
  ]
  edge [
    source 22
    target 23
  ]
  edge [
    source 25
    target 26
  ]
  edge [
    source 26
    target 27
  ]
  edge [
    source 28
    target 29
  ]
  edge [
    source 28
    target 35
  ]
  edge [
    source 29
    target 33
  ]
  edge [
    source 30
    target 31
  ]
  edge [
    source 30
    target 36
  ]
  edge [
    source 31
    target 32
  ]
  edge [
    source 32
    target 37
  ]
  edge [
    source 33
    target 38
  ]
  edge [
    source 34
    target 39
  ]
  edge [
    source 35
    target 48
  ]
  edge [
    source 36
    target 51
  ]
  edge [
    source 37
    target 52
  ]
  edge [
    source 38
    target 53
  ]
  edge [
    source 39
    target 43
  ]
  edge [
    source 40
    target 41
  ]
  edge [
    source 40
    target 44
  ]
  edge [
    source 41
    target 42
  ]
  edge [
    source 42
    target 45
  ]
  edge [
    source 43
    target 46
  ]
  edge [
    source 44
    target 47
  ]
  edge [
    source 45
    target 48
  ]
  edge [
    source 46
    target 49
  ]
  edge [
    source 47
    target 50
  ]
  edge [
    source 49
    target 51
  ]
  edge [
    source 50
    target 52
  ]
  edge [
    source 53
    target 54
  ]
]
